import { CLI_EXIT } from '@shared/cli.js';

export const HELP = `renderlift — enhance renders through a Renderlift server's public API

Commands
  login [--server URL] [--key KEY]      check a key and keep it (key: --key, RENDERLIFT_API_KEY or a prompt)
  logout                                forget the kept key
  enhance <files or folders…> --out DIR  enhance PNG, JPEG, WebP and TIFF images; re-running skips what is done
      --scale 2|3|4|6 (default 2) | --target-size width:PX|height:PX|screen:4k|print:a3:300
      --mode precision|detail|creativity (default precision)
      --concurrency N                   jobs at once (default: up to the plan's limit)
  remove <image> --mask MASK.png --out DIR   remove what the mask paints white
  jobs [--status processing,completed,…] [--limit N]   your latest jobs
  watch <folder> --out DIR              enhance every image that arrives in the folder, once

Everywhere
  --json           one JSON document on stdout (results, or { error })
  --server URL     the server (else RENDERLIFT_SERVER, else the login's)
  --key KEY        the API key (else RENDERLIFT_API_KEY, else the login's)

Exit codes
  ${CLI_EXIT.ok} ok · ${CLI_EXIT.someFailed} some jobs failed · ${CLI_EXIT.usage} usage · ${CLI_EXIT.auth} key refused · ${CLI_EXIT.noCredits} no credits · ${CLI_EXIT.unreachable} server unreachable

docs/cli.md has the details.`;
