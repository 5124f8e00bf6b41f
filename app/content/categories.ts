// Filter categories of the portfolio pages (spec §2.9, §2.11). "Todos" shows every item.
export const PORTFOLIO_CATEGORIES = ["Todos", "IA", "Social Media", "Sites", "Vídeos", "Tráfego"] as const;
export const WINDOW_FILMS_CATEGORIES = ["Todos", "Corporativo", "Comercial", "Eventos", "Edição"] as const;
