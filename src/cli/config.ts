import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CliConfig {
  server: string;
  key: string;
}

/**
 * The OS's folder for a program's settings: $XDG_CONFIG_HOME or ~/.config on Linux and other Unixes,
 * ~/Library/Application Support on macOS, %APPDATA% on Windows; the file is renderlift/config.json inside it.
 */
export function configFile(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME || path.join(home, '.config');
  return path.join(base, 'renderlift', 'config.json');
}

export function readConfig(file = configFile()): Partial<CliConfig> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<CliConfig>;
    return { server: typeof parsed.server === 'string' ? parsed.server : undefined, key: typeof parsed.key === 'string' ? parsed.key : undefined };
  } catch {
    return {};
  }
}

/** Writes the settings readable by their owner only (0600; the folder 0700), replacing the file whole. */
export function writeConfig(config: CliConfig, file = configFile()): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

export function removeConfig(file = configFile()): boolean {
  try {
    fs.unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}
