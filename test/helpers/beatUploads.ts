import sharp from 'sharp';
import type { AppDeps } from '../../server/appDeps';
import { grantRole } from '../../server/auth/staffRoles';
import { ApiBrowser, registration } from './accountClient';

export { BEAT_DETAILS } from './beatDetails';


export interface UploadFile {
  content: Buffer;
  fileName: string;
}

/** The parts of an upload, in the order the page sends them (the details first). */
export interface UploadParts {
  details?: unknown;
  master?: UploadFile;
  cover?: UploadFile;
  stems?: UploadFile;
}

/** `POST /studio/beats` as the studio page sends it: multipart/form-data, the details as JSON text, then the files. */
export async function uploadBeat(browser: ApiBrowser, parts: UploadParts): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  if (parts.details !== undefined) form.append('details', JSON.stringify(parts.details));
  for (const name of ['master', 'cover', 'stems'] as const) {
    const file = parts[name];
    if (file) form.append(name, new Blob([new Uint8Array(file.content)]), file.fileName);
  }
  const response = await fetch(`${browser.baseUrl}/api/v1/studio/beats`, { method: 'POST', headers: { Cookie: browser.cookieHeader() }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A square cover of `side` px, as a producer's PNG. */
export const coverPng = (side: number, colour = '#2b5d8a') =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer();

let accounts = 0;

/** A producer account whose identity a moderator verified: it may upload. */
export async function verifiedProducer(deps: AppDeps, baseUrl: string, name: string): Promise<{ browser: ApiBrowser; producerId: number }> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const address = () => ({ 'X-Forwarded-For': `10.77.${Math.floor(++accounts / 200)}.${accounts % 200}` });
  const browser = new ApiBrowser(baseUrl, address());
  const email = `${slug}@example.com`;
  expect(await browser.json('POST', '/auth/register', registration({ email, selectedRole: 'producer', socialNetwork: `facebook.com/${slug}` }))).toMatchObject({ status: 201 });
  const { id } = (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body;
  const verification = { artistName: name, shortName: slug, legalName: name, dateOfBirth: '1990-05-01', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' };
  expect((await browser.json('POST', '/producer/verification', verification)).status).toBe(201);
  const moderatorEmail = `mod-${slug}@example.com`;
  const moderator = new ApiBrowser(baseUrl, address());
  expect((await moderator.json('POST', '/auth/register', registration({ email: moderatorEmail }))).status).toBe(201);
  await grantRole(deps, moderatorEmail, 'moderator');
  expect((await moderator.json('POST', '/auth/login', { email: moderatorEmail, password: registration().password, remember: false })).status).toBe(200);
  expect((await moderator.json('POST', `/moderation/producers/${id}/approve`)).status).toBe(200);
  const { body } = await browser.json<{ verified: boolean }>('GET', '/studio/beats');
  expect(body.verified).toBe(true);
  const row = await deps.database.query.selectFrom('producer_verifications').select('producer_id').where('user_id', '=', id).executeTakeFirstOrThrow();
  return { browser, producerId: Number(row.producer_id) };
}
