// "Histórico de versões" in the blog form of a saved post: its revisions, each viewable and restorable.
import { Link } from "react-router";

export const revisionsPath = (postId: string) => `/admin/blog/${postId}/revisoes`;

export function RevisionsLink({ postId }: { postId: string }) {
  return (
    <Link
      to={revisionsPath(postId)}
      className="inline-flex rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
    >
      Histórico de versões
    </Link>
  );
}
