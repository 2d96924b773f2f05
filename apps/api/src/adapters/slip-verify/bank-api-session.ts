import { ProviderUnavailableError } from '../name-inquiry/index.ts';

/** A bank API's access token and when it expires (epoch ms). */
export interface BankAccessToken {
  value: string;
  expiresAtMs: number;
}

/**
 * What the SCB and KBank slip adapters share: calls to `{baseUrl}{path}` bounded by `timeoutMs`
 * (a network failure or time-out is ProviderUnavailableError naming `providerName`), and an OAuth
 * access token kept until a minute before it expires (`fetchToken` gets a new one; `forgetToken`
 * after a 401 makes the next call fetch again).
 */
export function bankApiSession(options: {
  providerName: string;
  baseUrl: string;
  timeoutMs: number;
  now: () => number;
  fetchToken: (call: (path: string, init: RequestInit) => Promise<Response>) => Promise<BankAccessToken>;
}) {
  let token: BankAccessToken | null = null;
  const base = options.baseUrl.replace(/\/$/, '');
  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(base + path), { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new ProviderUnavailableError(options.providerName, error);
    }
  }
  return {
    call,
    async accessToken(): Promise<string> {
      if (token && token.expiresAtMs > options.now() + 60_000) return token.value;
      token = await options.fetchToken(call);
      return token.value;
    },
    forgetToken(): void {
      token = null;
    },
  };
}
