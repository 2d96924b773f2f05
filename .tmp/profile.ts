// Temporary: CPU profile of a signed-in first load of /user/home at 4x CPU (not committed).
import { chromium } from 'playwright-core';
import { startStack } from '../scripts/stack.ts';
const stack = await startStack({ apiPort: 0, sandboxPort: 0, logLevel: 'warn', ...(process.env.DIST ? { env: { WEB_DIST_DIR: process.env.DIST } } : {}) });
try {
  const origin = stack.apiUrl;
  const prefix = (await (await fetch(`${origin}/v2/prefix`)).json()) as { data: { appId: string } };
  const login = (await (await fetch(`${origin}/auth-service/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'th', 'x-api-key': prefix.data.appId }, body: JSON.stringify({ phoneNumber: '0800000001', Password: 'demo1234' }) })).json()) as { authToken: string; data: unknown };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate(`localStorage.setItem('sabai.token', ${JSON.stringify(login.authToken)}); localStorage.setItem('sabai.user', ${JSON.stringify(JSON.stringify(login.data))})`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}/user/home`);
    await page.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const n = byId.get(id)!;
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.log(`run ${run}`);
    for (const [k, v] of top) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
    await context.close();
  }
  await browser.close();
} finally {
  await stack.close();
}
