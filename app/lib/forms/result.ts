// What a WhatsApp form's action answers when the form is invalid (no JavaScript): the
// Portuguese errors per field ("" = the whole form) and the submitted values to keep.
export interface WhatsAppFormResult {
  form: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
}
