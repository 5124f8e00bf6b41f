// Category filters as links (`?categoria=...`), so they work and can be shared without JavaScript.
import { Link } from "react-router";

export function CategoryFilter({ basePath, categories, active, label }: { basePath: string; categories: readonly string[]; active: string | null; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap justify-center gap-2">
        {categories.map((category) => {
          const isActive = category === "Todos" ? active === null : active === category;
          const to = category === "Todos" ? basePath : `${basePath}?${new URLSearchParams({ categoria: category })}`;
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
