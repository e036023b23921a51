import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { createRole, createUserWithRoles, signInAdminApi } from './admin-api';
import { E2E_PORT } from './env';
import { PENDING_SERVICES, expect, signIn, test } from './fixtures';
import { findBreaksInsideWords, switchLanguage } from './text-layout';
import { totpCode } from './totp';

// The user center end to end: profile and avatar as the navbar shows them,
// sessions ended from another browser, the authenticator app and passkeys
// signing in. Every user here is made for its test: the seeded admin keeps a
// password-only sign-in for the other specs.

const PASSWORD = 'Center-E2e-Pass-2026!';
let seq = 0;

async function makeUser(page: Page, perms: string[] = []): Promise<string> {
  const stamp = `${Date.now() % 1_000_000}${++seq}`;
  const username = `uc${stamp}`;
  const headers = await signInAdminApi(page.request);
  const roleId = await createRole(page.request, headers, { name: `UC role ${stamp}`, code: `uc_role_${stamp}`, perms });
  await createUserWithRoles(page.request, headers, { username, nickname: `User ${stamp}`, password: PASSWORD, roleIds: [roleId] });
  return username;
}

async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
}

async function openUserCenter(page: Page, tab: '个人中心' | '安全设置' = '个人中心'): Promise<void> {
  await page.getByRole('button', { name: /账号菜单/ }).click();
  await page.getByRole('menuitem', { name: tab }).click();
  await expect(page).toHaveURL(tab === '安全设置' ? /\/user\/center\?tab=security$/ : /\/user\/center$/);
}

/** A colourful PNG, written by hand (RGB, 8 bits). */
function pngPicture(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (table[(c ^ x) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 160;
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('user center', () => {
  test.use({ allowedFailures: { urls: PENDING_SERVICES } });

  test('edit the profile and see it in the navbar; a javascript: website is refused', async ({ page }) => {
    const username = await makeUser(page);
    await signInAs(page, username);
    await openUserCenter(page);
    await expect(page.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible();
    await page.getByLabel('姓名').fill('林老师');
    await page.getByLabel('职位').fill('数学教师');
    await page.getByLabel('个人网站').fill('javascript:alert(1)');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(/必须是以 http:\/\/ 或 https:\/\/ 开头的网址/)).toBeVisible();
    await page.getByLabel('个人网站').fill('https://lin.example.edu/');
    await page.getByLabel('个人简介').fill('教代数与几何。');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText('个人资料已保存')).toBeVisible();
    // The navbar and the card read the new name at once, and after a reload.
    await expect(page.getByRole('button', { name: /账号菜单/ })).toContainText('林老师');
    await expect(page.getByRole('heading', { level: 2, name: '林老师' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /账号菜单/ })).toContainText('林老师');
    await expect(page.getByRole('link', { name: 'https://lin.example.edu/' })).toHaveAttribute('rel', /noopener/);
  });

  test('upload an avatar with crop and preview, and see it in the navbar', async ({ page }) => {
    const username = await makeUser(page);
    await signInAs(page, username);
    await openUserCenter(page);
    await page.getByRole('button', { name: /更换 .* 的头像/ }).click();
    const dialog = page.getByRole('dialog', { name: '更换头像' });
    // Text named .png: said so at once (it left a blank crop area and a disabled save), then a real picture.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(dialog.getByRole('alert')).toHaveText('无法读取这张图片');
    await expect(dialog.locator('.uc-crop-area')).toHaveCount(0);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngPicture(640, 400) });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.locator('img.uc-preview').first()).toBeVisible();
    await dialog.getByRole('button', { name: '保存头像' }).click();
    await expect(page.getByText('头像已更新')).toBeVisible();
    const navImg = page.locator('.navbar-avatar img');
    await expect(navImg).toHaveAttribute('src', /^\/api\/user\/avatar\/\d+\/[a-f0-9]{16}\/\d+\/[A-Za-z0-9_-]{43}$/);
    // The image really loads (the signed link, no bearer header), square, and carries no token.
    await expect.poll(() => navImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    const src = (await navImg.getAttribute('src')) ?? '';
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('sch-token') ?? '{}') as { data?: string }).data ?? '');
    expect(src).not.toContain(token);
    await page.screenshot({ path: 'test-results/user-center-avatar.png' });
  });
});

test.describe('sessions', () => {
  // The ended session's refused requests are the point.
  test.use({ allowedFailures: { urls: [...PENDING_SERVICES, /\/api\//] } });

  async function secondBrowser(browser: Browser, username: string) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInAs(other, username);
    return { context, other };
  }

  async function expectSentToLogin(other: Page) {
    // Its next action meets the ended session: the re-login prompt, then the sign-in page.
    await other.getByRole('button', { name: /账号菜单/ }).click();
    await other.getByRole('menuitem', { name: '安全设置' }).click();
    const dialog = other.getByRole('dialog');
    await expect(dialog).toContainText('确认退出');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(other).toHaveURL(/\/login/);
  }

  test('end the other session from the security tab: the other browser is sent to sign in on its next action', async ({
    page,
    browser,
  }) => {
    const username = await makeUser(page);
    const { context, other } = await secondBrowser(browser, username);
    await signInAs(page, username);
    await openUserCenter(page, '安全设置');
    const table = page.locator('.uc-sessions');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByText('本设备')).toBeVisible();
    // On a 1 280 px screen the table is wider than its panel. Its headers, methods and times break only at a space
    // (a time once broke after its first hyphen, "登录方式" stood a character a line), and nothing is cut off.
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const language of ['zh', 'en']) {
      if (language === 'en') await switchLanguage(page, 'English');
      const headers = table.getByRole('columnheader');
      await expect(headers).toHaveCount(6);
      const cells = [...(await headers.all()), ...(await table.getByRole('row').nth(1).getByRole('cell').all()).slice(1, 5)];
      for (const cell of cells) expect(await cell.evaluate(findBreaksInsideWords), language).toEqual([]);
      // The last column (the actions) ends inside the table's box.
      const box = await table.boundingBox();
      const last = await headers.last().boundingBox();
      expect(last && box && last.x + last.width <= box.x + box.width + 1, `${language}: the actions column is in view`).toBe(true);
    }
    await switchLanguage(page, '中文');
    await expect(table.getByText('本设备')).toBeVisible();
    await table.getByRole('button', { name: /^退出 .* 上的登录$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByText('已退出该设备上的登录')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expectSentToLogin(other);
    await context.close();
  });

  test('force sign-out from Online users ends another browser’s session', async ({ page, browser }) => {
    const admin = await makeUser(page, ['monitor:online:list', 'monitor:online:forceLogout']);
    const victim = await makeUser(page);
    const { context, other } = await secondBrowser(browser, victim);
    await signInAs(page, admin);
    await page.goto('/system/online');
    await expect(page.getByRole('heading', { level: 1, name: '在线用户' })).toBeVisible();
    await page.getByPlaceholder('用户名、姓名或 IP 地址').fill(victim);
    await page.getByPlaceholder('用户名、姓名或 IP 地址').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(victim) });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /强制 .* 的这个会话下线/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '强制下线' }).click();
    await expect(page.getByText('已强制该会话下线')).toBeVisible();
    await expectSentToLogin(other);
    await context.close();
  });
});

test.describe('authenticator app', () => {
  // The wrong code is refused (401) on purpose.
  test.use({ allowedFailures: { urls: [...PENDING_SERVICES, /\/api\/login\/mfa$/] } });

  test('turn it on with a code, keep the recovery codes, then sign in with a code on the second screen', async ({ page }) => {
    const username = await makeUser(page);
    await signInAs(page, username);
    await openUserCenter(page, '安全设置');
    await page.getByRole('button', { name: '开启', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '开启身份验证器' });
    await expect(dialog.getByRole('img', { name: '身份验证器绑定二维码' })).toBeVisible();
    const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('验证码', { exact: true }).fill(totpCode(secret));
    await dialog.getByRole('button', { name: '验证并开启' }).click();
    const codes = dialog.getByRole('list', { name: '恢复码' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(dialog.getByRole('button', { name: '完成' })).toBeDisabled();
    await dialog.getByText('我已妥善保存恢复码').click();
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(page.locator('.uc-factor').first()).toContainText('已开启');

    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, username, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: /两步验证/ })).toBeVisible();
    // The confirmation used this time step; the next one is within the window and not a replay.
    await page.getByLabel('身份验证器验证码').fill('000000');
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.locator('.login-error')).toContainText('验证码不正确');
    await page.getByLabel('身份验证器验证码').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  });
});

test.describe('passkeys', () => {
  // WebAuthn needs a real domain: localhost, not 127.0.0.1.
  test.use({ baseURL: `http://localhost:${E2E_PORT}`, allowedFailures: { urls: PENDING_SERVICES } });

  test('register a passkey with a virtual authenticator, then sign in with it alone', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const username = await makeUser(page);
    await signInAs(page, username);
    await openUserCenter(page, '安全设置');
    await page.getByRole('button', { name: '添加通行密钥' }).click();
    const dialog = page.getByRole('dialog', { name: '添加通行密钥' });
    await dialog.getByLabel('名称').fill('测试笔记本');
    await dialog.getByRole('button', { name: '添加通行密钥' }).click();
    await expect(page.getByText('通行密钥已添加')).toBeVisible();
    await expect(page.locator('.uc-passkeys')).toContainText('测试笔记本');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: '使用通行密钥登录' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(page.getByRole('button', { name: /账号菜单/ })).toContainText('User');
    // With a passkey the password alone is a first step only: the second screen offers the passkey.
    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await signIn(page, username, PASSWORD);
    await page.getByRole('button', { name: '使用通行密钥验证' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  });
});
