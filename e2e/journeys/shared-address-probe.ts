import { newMemberDetails, startVerifiedRegistration, type Member } from './helpers.ts';

/**
 * Issue 27 §6, the probe in CI: two people behind one carrier-grade NAT address (here: this
 * process's loopback address) register at the same time against the running product, their steps
 * interleaved the way the walk found them colliding (A's phone, B's phone, A's bank check, B's bank
 * check, A's sign-up, B's sign-up). Both must be members afterwards and able to sign in. No browser.
 */
export async function sharedAddressProbe(options: { baseUrl: string; sandboxUrl: string }): Promise<void> {
  const origin = options.baseUrl.replace(/\/+$/, '');
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const appId = prefix.data.appId;
  const call = async (path: string, body: unknown, registrationId: string) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'th', 'x-api-key': appId, 'x-registration-id': registrationId },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { success: unknown; code?: string; message: string; data: Record<string, unknown> | null } };
  };
  const people: Member[] = [newMemberDetails(), newMemberDetails()];
  // A and B each prove their phone (codes read from the sandbox's SMS outbox), one after the other.
  const registrations = [] as string[];
  for (const person of people) registrations.push(await startVerifiedRegistration({ origin, appId, sandboxUrl: options.sandboxUrl, phoneNumber: person.phoneNumber }));
  const banks = [] as Array<{ token: string; firstName: string; lastName: string }>;
  for (const [index, person] of people.entries()) {
    const checked = await call('/auth-service/v1/checkBank', { BankAccount: person.accountNumber, BankCode: person.bankCode }, registrations[index]!);
    if (checked.status !== 200) throw new Error(`checkBank of person ${index + 1} answered ${checked.status}: ${JSON.stringify(checked.body)}`);
    const data = checked.body.data as { token: string; firstName?: string; lastName?: string };
    banks.push({ token: data.token, firstName: data.firstName ?? 'สมชาย', lastName: data.lastName ?? 'ทดสอบ' });
  }
  for (const [index, person] of people.entries()) {
    const bank = banks[index]!;
    const signedUp = await fetch(`${origin}/auth-service/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'th', 'x-api-key': appId, 'x-registration-id': registrations[index]!, tokenbank: bank.token },
      body: JSON.stringify({
        phoneNumber: person.phoneNumber, Password: person.password, Confirm_Password: person.password, BankAccount: person.accountNumber, BankCode: person.bankCode,
        firstName: bank.firstName, lastName: bank.lastName, affiliateKey: '', isBonus: false, dateOfBirth: '1990-01-15',
      }),
    });
    const answer = (await signedUp.json()) as { success: unknown };
    if (signedUp.status !== 200 || answer.success !== true) throw new Error(`signup of person ${index + 1} from the shared address answered ${signedUp.status}: ${JSON.stringify(answer)}`);
  }
  for (const person of people) {
    const login = await fetch(`${origin}/auth-service/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': appId }, body: JSON.stringify({ phoneNumber: person.phoneNumber, Password: person.password }) });
    if (login.status !== 200) throw new Error(`person ${person.phoneNumber} cannot sign in after registering from the shared address: ${login.status}`);
  }
  console.log('  shared-address-probe: two interleaved registrations from one address both succeeded and signed in');
}
