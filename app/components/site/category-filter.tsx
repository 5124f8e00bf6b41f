// Category filters as links (`?categoria=...`), so they work and can be shared without JavaScript.
// "Todos" comes first and shows every item; the other links are the categories an admin can choose.
import { Link } from "react-router";
import { ALL_CATEGORIES } from "~/content/categories";

export function CategoryFilter({
  basePath,
  categories,
  active,
  label,
}: {
  basePath: string;
  categories: readonly string[];
  active: string | null;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap justify-center gap-2">
        {[ALL_CATEGORIES, ...categories].map((category) => {
          const isActive = category === ALL_CATEGORIES ? active === null : active === category;
          const to = category === ALL_CATEGORIES ? basePath : `${basePath}?${new URLSearchParams({ categoria: category })}`;
          return (
            <li key={category}>
              <Link
                to={to}
                preventScrollReset
                aria-current={isActive ? "page" : undefined}
                className={`inline-block rounded-full px-5 py-2.5 text-sm font-semibold transition-colors ${
                  isActive ? "bg-brand-600 text-white shadow-md shadow-brand-600/25" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"
                }`}
              >
                {category}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
