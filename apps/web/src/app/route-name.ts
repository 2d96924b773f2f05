import type { UIMatch } from 'react-router';
import { isRouteHandle, type RouteName } from '../config/route-names.ts';

/** The name (spec §2) of the deepest matched route that declares one. */
export function routeNameOf(matches: readonly UIMatch[]): RouteName {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.name;
  }
  return 'NotFound';
}

/** The shareToken param of the current URL, if any route matched one. */
export function shareTokenOf(matches: readonly UIMatch[]): string | undefined {
  return matches.at(-1)?.params.shareToken;
}
