import { spawn, type ChildProcess } from 'node:child_process';

/** A process of the compiled server (build/node/escale.js), as an operator starts it. */
export interface Started {
  child: ChildProcess;
  /** Everything the process wrote so far, both streams. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the compiled server at `entry` (`node <entry> [command]`) from `cwd` with exactly `env` (and PATH,
 * and `PORT=0` unless given); `children` holds it until it exits, for the file's `afterAll` to stop.
 */
export function runCompiledServer(
  options: { entry: string; cwd: string; children: Set<ChildProcess> },
  env: Record<string, string>,
  command?: string,
): Started {
  const { entry, cwd, children } = options;
  const child = spawn(process.execPath, command ? [entry, command] : [entry], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** The address the server says it listens on, once it does (or its output, if it stops first). */
export async function listening(started: Started): Promise<string> {
  const found = () => started.output().match(/listening on (http:\/\/localhost:\d+)/)?.[1];
  return Promise.race([
    new Promise<string>((resolve) => {
      const check = () => {
        const address = found();
        if (address) resolve(address);
      };
      started.child.stdout!.on('data', check);
      started.child.stderr!.on('data', check);
      check();
    }),
    started.exited.then((code) => {
      throw new Error(`the server stopped (${code}) before listening:\n${started.output()}`);
    }),
  ]);
}

/** SIGTERM, then waits for the process to exit (at once if it already has). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
