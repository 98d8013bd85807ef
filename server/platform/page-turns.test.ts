import { describe, expect, it } from 'vitest';
import { createPageTurns, holdTurnUntilBodyEnds, type EndTurn } from './page-turns';

/** A response body the test writes chunk by chunk, as a streamed render does. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelledWith: unknown = 'not cancelled';
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel(reason) {
      cancelledWith = reason;
    },
  });
  return { stream, controller, cancelledWith: () => cancelledWith };
}

/** An end-of-turn function that says when it was called. */
function watchedEnd() {
  let calls = 0;
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const end: EndTurn = () => {
    calls++;
    resolveEnded();
  };
  return { end, ended, calls: () => calls };
}

describe('page turns', () => {
  it('gives at most `limit` turns at once, then one to each waiter in the order they came', async () => {
    const turns = createPageTurns(2);
    const first = await turns.take();
    const second = await turns.take();
    const order: string[] = [];
    const third = turns.take().then((end) => (order.push('third'), end));
    const fourth = turns.take().then((end) => (order.push('fourth'), end));
    expect(turns.active).toBe(2);
    expect(turns.waiting).toBe(2);

    second!();
    const thirdEnd = await third;
    expect(order).toEqual(['third']);
    expect(turns.active).toBe(2);
    first!();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(turns.waiting).toBe(0);
    thirdEnd!();
    expect(turns.active).toBe(1);
  });

  it('lets a request whose client left stop waiting, and passes its turn to the next in line', async () => {
    const turns = createPageTurns(1);
    const holder = await turns.take();
    const leaving = new AbortController();
    const gone = turns.take(leaving.signal);
    const next = turns.take();
    leaving.abort();
    expect(await gone).toBeNull();
    expect(turns.waiting).toBe(1);
    holder!();
    expect(await next).toBeTypeOf('function');
    expect(await turns.take(AbortSignal.abort())).toBeNull();
  });

  it('frees one turn however many times a turn is ended', async () => {
    const turns = createPageTurns(1);
    const end = await turns.take();
    end!();
    end!();
    expect(turns.active).toBe(0);
    const again = await turns.take();
    expect(turns.active).toBe(1);
    const waiter = turns.take();
    end!();
    expect(turns.waiting).toBe(1);
    again!();
    expect(await waiter).toBeTypeOf('function');
  });

  it('refuses a limit that is not a positive count', () => {
    expect(() => createPageTurns(0)).toThrow(/limit/);
    expect(() => createPageTurns(1.5)).toThrow(/limit/);
  });
});

describe('a turn held until the page body is produced', () => {
  it('ends when the render has written its last chunk, before the client has read anything', async () => {
    const { stream, controller } = controlledBody();
    const { end, ended, calls } = watchedEnd();
    const response = holdTurnUntilBodyEnds(
      new Response(stream, { status: 201, headers: { 'Content-Type': 'text/html' } }),
      end,
    );
    controller.enqueue(new TextEncoder().encode('<p>one</p>'));
    controller.enqueue(new TextEncoder().encode('<p>two</p>'));
    expect(calls()).toBe(0);
    controller.close();
    await ended;
    expect(calls()).toBe(1);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<p>one</p><p>two</p>');
    expect(calls()).toBe(1);
  });

  it('ends at once for an answer without a body', () => {
    const { end, calls } = watchedEnd();
    const response = holdTurnUntilBodyEnds(new Response(null, { status: 302 }), end);
    expect(calls()).toBe(1);
    expect(response.status).toBe(302);
  });

  it('ends, and stops the render, when the client cancels the body', async () => {
    const { stream, controller, cancelledWith } = controlledBody();
    const { end, calls } = watchedEnd();
    const response = holdTurnUntilBodyEnds(new Response(stream), end);
    controller.enqueue(new TextEncoder().encode('<p>start</p>'));
    await response.body!.cancel('client gone');
    expect(calls()).toBe(1);
    expect(cancelledWith()).toBe('client gone');
  });

  it('ends when the render fails, and the failure reaches the client', async () => {
    const { stream, controller } = controlledBody();
    const { end, ended } = watchedEnd();
    const response = holdTurnUntilBodyEnds(new Response(stream), end);
    controller.error(new Error('render failed'));
    await ended;
    await expect(response.text()).rejects.toThrow('render failed');
  });
});
