import type { FileRoutesByTo } from '../route-tree.gen';

/** Route paths whose only parameter is the language: what menus and breadcrumbs link to. */
export type LangPath = Exclude<Extract<keyof FileRoutesByTo, `/$lang${string}`>, `${string}$id${string}`>;
