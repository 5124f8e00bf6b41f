// Reading a posted form. A body that is not a readable form (a wrong content type, a broken
// multipart body) is the sender's fault: it answers 400 with a Portuguese message, never a 500.
import { data } from "react-router";

export const UNREADABLE_FORM = "Não foi possível ler os dados enviados. Recarregue a página e tente novamente.";

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: UNREADABLE_FORM }, { status: 400 });
  }
}
