// The categories an admin can give a portfolio item or a window-films project. The same lists
// feed the admin's select, the validation of its form and the public filters (which add "Todos"
// in front), so a category added here shows everywhere at once.
export const PORTFOLIO_CATEGORIES = ["IA", "Social Media", "Sites", "Vídeos", "Tráfego"] as const;
export const WINDOW_FILMS_CATEGORIES = ["Corporativo", "Comercial", "Eventos", "Edição"] as const;

/** The public filters' first button: every item, whatever its category. Never stored on an item. */
export const ALL_CATEGORIES = "Todos";
