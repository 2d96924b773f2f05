/** `/user/home` and `/user/home/{shareToken}`: the pages the first load draws without the member app (docs/adr/0030, 0050). */
export const isFirstLoadHomePath = (pathname: string): boolean => /^\/user\/home(\/[^/]+)?\/?$/.test(pathname);
