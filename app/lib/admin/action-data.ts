// What an admin section's action answers when it does not redirect (a refused save, the library
// picker without JavaScript), as its form reads it. Isomorphic: the action builds it on the server
// and the form component reads it in the browser, from this one definition.
import type { SubmissionResult } from "@conform-to/react";
import type { LibraryFile } from "../media/library";
import type { Toast } from "../toast";

export interface AdminActionData {
  lastResult: SubmissionResult<string[]> | null;
  toast?: Toast;
  /** Files a refused save already stored, by upload field: the form offers them again. */
  kept?: Record<string, string>;
  /** A file picked from the library without JavaScript, by upload field. */
  chosen?: Record<string, string>;
  /** The library's files offered for one field (the picker without JavaScript). */
  picker?: { field: string; search?: string; files: LibraryFile[] };
}
