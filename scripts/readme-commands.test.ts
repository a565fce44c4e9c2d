/**
 * Every command the README prints must work as printed. Each `npm run <script>` it names must exist;
 * the commands a user would paste are run exactly as printed (in bash, from the repository root or a
 * scratch folder inside it, where relative paths such as `--out verra.csv` land): the CLI's `methods`, `sync` and `export` examples against a small reference market,
 * `npm run service` and `npm run web` until their one ready line (both must print nothing else of
 * their own). Lines npm itself prints (its `> script` banner, `npm warn` about the machine's own npm
 * configuration) are not the project's output and are set aside.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const SCRIPTS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Every command the README shows: inline code spans and lines of fenced shell blocks. */
function readmeCommands(): string[] {
  const found = new Set<string>();
  for (const block of README.matchAll(/```(?:bash|sh)\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.split('\n')) {
      const cmd = line.replace(/\s+#.*$/, '').trim();
      if (/^(npm|npx)\b/.test(cmd) || /^[A-Z_]+=\S+ (npm|npx)\b/.test(cmd)) found.add(cmd);
    }
  }
  for (const span of README.matchAll(/`([^`\n]+)`/g)) {
    const cmd = span[1]!.trim();
    if (/^(?:[A-Z_]+=\S+ )*(npm|npx) /.test(cmd)) found.add(cmd);
  }
  return [...found];
}

const isTemplate = (cmd: string) => /[<[…]|\bURL\b|\bFILE\b|\bDIR\b/.test(cmd);
const projectLines = (text: string) =>
  text.split('\n').filter((l) => l.trim() !== '' && !/^npm (warn|notice)/.test(l) && !/^> /.test(l));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command line in bash, as a user would paste it. */
function run(cmd: string, options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', cmd], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: ${cmd}\n${stderr}`));
    }, options.timeoutMs ?? 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a long-running command, resolves with its output once `ready` matches a stdout line, then stops it. */
function runUntilReady(cmd: string, ready: RegExp, env: Record<string, string>, timeoutMs = 180_000): Promise<{ stdout: string; stderr: string; line: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', cmd], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ready line from: ${cmd}\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => ready.test(l));
      if (line) {
        clearTimeout(timer);
        // Give a stray second line a moment to show up before stopping.
        setTimeout(() => {
          stop();
          child.once('exit', () => resolve({ stdout, stderr, line }));
        }, 1500);
      }
    });
    child.on('error', reject);
  });
}

describe('the README', () => {
  const commands = readmeCommands();

  it('names only scripts and files that exist', () => {
    expect(commands.length).toBeGreaterThan(8);
    for (const cmd of commands) {
      const script = /npm run (?:--silent )?([a-z:]+)/.exec(cmd)?.[1];
      if (script) expect(SCRIPTS[script], `"${cmd}" runs a script package.json does not have`).toBeDefined();
      if (/^npm (test|start)\b/.test(cmd)) expect(SCRIPTS[cmd.split(' ')[1]!], cmd).toBeDefined();
      const file = /npx tsx (\S+\.ts)/.exec(cmd)?.[1];
      if (file) expect(fs.existsSync(path.join(ROOT, file)), `"${cmd}" names a missing file`).toBe(true);
    }
  });

  describe('commands run as printed', () => {
    let scratch: string;
    let dataDir: string;
    let service: { stop(): void; baseUrl: string; key: string } | null = null;

    beforeAll(async () => {
      // Inside the project (npm finds its package.json from there), in a folder git ignores.
      fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
      scratch = fs.mkdtempSync(path.join(ROOT, 'out', 'readme-'));
      dataDir = path.join(scratch, 'data');
    });
    afterAll(() => {
      service?.stop();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('npm run cli -- methods', async () => {
      const cmd = commands.find((c) => c === 'npm run cli -- methods');
      expect(cmd, 'the README shows `npm run cli -- methods`').toBeDefined();
      const r = await run(cmd!);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^projects\.list\s+Projects/m);
    });

    it('npm run service prints one ready line and nothing else of its own', async () => {
      const cmd = commands.find((c) => /^npm run service -- --port 0 --scale 0\.01$/.test(c));
      expect(cmd, 'the README shows `npm run service -- --port 0 --scale 0.01`').toBeDefined();
      const r = await runUntilReady(cmd!, /^\{"event":"ready"/, {});
      const ready = JSON.parse(r.line) as { baseUrl: string; keys: { pro: string } };
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.keys.pro).toMatch(/^ccmd_live_/);
      expect(projectLines(r.stdout)).toEqual([r.line]);
    });

    it('the sync and export examples work against a small market', async () => {
      // A market to sync: the reference service, started as the README's service command does (with a seed of its own).
      const started = await new Promise<{ baseUrl: string; key: string; stop(): void }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/service/index.ts', '--port', '0', '--scale', '0.01', '--seed', '3'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const line = out.split('\n').find((l) => l.startsWith('{"event":"ready"'));
          if (line) {
            const ready = JSON.parse(line) as { baseUrl: string; keys: { pro: string } };
            resolve({ baseUrl: ready.baseUrl, key: ready.keys.pro, stop: () => child.kill('SIGTERM') });
          }
        });
        child.on('exit', (code) => reject(new Error(`service exited ${code}`)));
      });
      service = started;
      const syncTemplate = commands.find((c) => c.startsWith('npm run cli -- sync --base-url URL --data-dir DIR'));
      expect(syncTemplate, 'the README shows the sync command').toBeDefined();
      const sync = await run(syncTemplate!.replace('URL', started.baseUrl).replace('DIR', dataDir), { env: { CARBON_API_KEY: started.key }, timeoutMs: 180_000 });
      expect(sync.code, sync.stderr).toBe(0);
      expect(JSON.parse(projectLines(sync.stdout).pop()!)).toMatchObject({ state: 'done' });

      const exportCmd = commands.find((c) => c.startsWith('npm run cli -- export credit-transactions --filters'));
      expect(exportCmd, 'the README shows an export example').toBeDefined();
      const exported = await run(exportCmd!, { cwd: scratch, env: { CARBON_DATA_DIR: dataDir } });
      expect(exported.code, exported.stderr).toBe(0);
      const out = /--out (\S+)/.exec(exportCmd!)![1]!;
      const csv = fs.readFileSync(path.join(scratch, out), 'utf8').trim().split('\n');
      expect(csv[0]).toMatch(/^(\uFEFF)?id,/);
      expect(csv.length).toBeGreaterThan(1);
    });

    it('npm run web prints its ready line and nothing else of its own', async () => {
      const cmd = commands.find((c) => c === 'npm run web');
      expect(cmd, 'the README shows `npm run web`').toBeDefined();
      const r = await runUntilReady(cmd!, /^\{"event":"ready"/, { CARBON_DATA_DIR: path.join(scratch, 'web'), CARBON_DEMO_SCALE: '0.01' });
      expect(JSON.parse(r.line)).toMatchObject({ event: 'ready', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) });
      expect(projectLines(r.stdout)).toEqual([r.line]);
      expect(projectLines(r.stderr)).toEqual([]);
    });

    it('templates are only templates', () => {
      for (const cmd of commands) if (isTemplate(cmd)) expect(cmd).toMatch(/npm run \w+/);
    });
  });
});
