// @databases pglite
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PURPOSES } from '#contract/storage';
import { JPEG_HEADER, NOT_AN_IMAGE, PNG_BYTES } from '../../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import { contentDisposition } from './files.routes';
import { cleanFileName } from '../../platform/stored-files';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function codeOf(response: Response) {
  return ((await response.json()) as { error: { code: string; details?: { reason?: string } } }).error;
}

function upload(agent: Agent, bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') {
  return agent.request(`/api/files?purpose=avatar&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: bytes,
  });
}

describe('POST /api/files', () => {
  it('stores an image, typed from its bytes, and serves it back with safe headers', async () => {
    const { agent } = await app.signedIn();
    const response = await upload(agent, PNG_BYTES, 'photo de moi.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    const file = (await response.json()) as { url: string; contentType: string; size: number };
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG_BYTES.length });

    const download = await agent.request(file.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `inline; filename="photo de moi.jpg"; filename*=UTF-8''photo%20de%20moi.jpg`,
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('refuses bytes that are not an image, whatever the name and the claimed type', async () => {
    const { agent } = await app.signedIn();
    for (const name of ['avatar.png', 'avatar.jpg', 'avatar.svg', 'avatar']) {
      const response = await upload(agent, NOT_AN_IMAGE, name);
      expect(response.status).toBe(403);
      expect(await codeOf(response)).toMatchObject({
        code: 'storage/unauthorized',
        details: { reason: 'type' },
      });
    }
  });

  it('refuses a file above the size limit, without reading it all', async () => {
    const { agent } = await app.signedIn();
    const big = new Uint8Array(FILE_PURPOSES.avatar.maxBytes + 1);
    big.set(JPEG_HEADER);
    const response = await upload(agent, big, 'big.jpg', 'image/jpeg');
    expect(response.status).toBe(413);
    expect(await codeOf(response)).toMatchObject({
      code: 'storage/quota-exceeded',
      details: { reason: 'size' },
    });
  });

  it('refuses an unknown purpose and an empty file', async () => {
    const { agent } = await app.signedIn();
    const purpose = await agent.request('/api/files?purpose=anything', { method: 'POST', body: PNG_BYTES });
    expect((await codeOf(purpose)).code).toBe('storage/invalid-argument');
    const empty = await upload(agent, new Uint8Array(), 'empty.png');
    expect(await codeOf(empty)).toMatchObject({
      code: 'storage/invalid-argument',
      details: { reason: 'empty' },
    });
  });

  it('refuses a signed-out upload and download', async () => {
    const { agent } = await app.signedIn();
    const { url } = (await (await upload(agent, PNG_BYTES, 'a.png')).json()) as { url: string };
    const visitor = app.agent();
    const uploadResponse = await upload(visitor, PNG_BYTES, 'a.png');
    expect(uploadResponse.status).toBe(401);
    expect((await codeOf(uploadResponse)).code).toBe('storage/unauthenticated');
    const downloadResponse = await visitor.request(url);
    expect(downloadResponse.status).toBe(401);
    expect((await codeOf(downloadResponse)).code).toBe('storage/unauthenticated');
  });

  it('answers object-not-found for a key that names no file', async () => {
    const { agent } = await app.signedIn();
    const response = await agent.request('/api/files/AAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status).toBe(404);
    expect((await codeOf(response)).code).toBe('storage/object-not-found');
    expect((await agent.request('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('refuses an upload posted from another site', async () => {
    const { agent } = await app.signedIn();
    const response = await agent.request('/api/files?purpose=avatar', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: PNG_BYTES,
    });
    expect(response.status).toBe(403);
  });
});

describe('file names', () => {
  it('keeps only a harmless base name', () => {
    expect(cleanFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\pic"ture;.png', 'x')).toBe('picture.png');
    expect(cleanFileName('   ', 'avatar.png')).toBe('avatar.png');
  });

  it('writes an ASCII fallback beside the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Facture été.pdf')).toBe(
      `attachment; filename="Facture _t_.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`,
    );
  });
});
