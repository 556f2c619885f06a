/**
 * Where a process spends its time, from a V8 CPU profile (`node --cpu-prof`): the share of samples whose
 * running frame belongs to each package or file of ours (self time), and the top functions. For the report's
 * « where the time goes » tables.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; startTime: number; timeDeltas: number[] };

/** node_modules/react-dom/… → react-dom; our own files by their path in the repository; the rest by name. */
function ownerOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage?.[1]) return inPackage[1];
  if (url.startsWith('node:')) return 'Node.js (node:…)';
  const ours = /\/(apps\/[^?]+|packages\/[^?]+)$/.exec(url);
  if (ours?.[1]) return ours[1].replace(/-[\w-]{8}\.js$/, '.js');
  return functionName || '(autre)';
}

export type ProfileSummary = { samples: number; owners: [string, number][]; functions: [string, number][] };

/**
 * `window`: only the samples taken between these instants, in microseconds of the monotonic clock
 * (`process.hrtime.bigint() / 1000n` in any process of the machine: V8 stamps its samples with the same
 * clock), so one profiled process can be loaded with several pages in turn. `busy`: leave out the samples
 * where the process was waiting (`(idle)`), so the shares are of the CPU time spent.
 */
export function summarizeProfile(
  file: string,
  top = 10,
  { window, busy = false }: { window?: { from: number; to: number }; busy?: boolean } = {},
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let counted = 0;
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0;
    if (window && (at < window.from || at > window.to)) continue;
    const node = byId.get(id);
    if (!node) continue;
    if (busy && node.callFrame.functionName === '(idle)') continue;
    counted++;
    const owner = ownerOf(node.callFrame);
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
    const fn = node.callFrame.functionName || '(anonyme)';
    const name = fn === owner ? fn : `${fn} — ${owner}`;
    functions.set(name, (functions.get(name) ?? 0) + 1);
  }
  const share = (entries: Map<string, number>) =>
    [...entries]
      .map(([name, count]) => [name, count / counted] as [string, number])
      .sort((a, b) => b[1] - a[1])
      .slice(0, top);
  return { samples: counted, owners: share(owners), functions: share(functions) };
}

/** The one profile a process wrote into `folder`. */
export function profileIn(folder: string): string {
  const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`aucun profil dans ${folder}`);
  return join(folder, file);
}

/** A Markdown table of a summary: the owners' shares, then the top functions. */
export function profileTable(summary: ProfileSummary): string {
  const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
  return [
    '| paquet ou fichier | part des échantillons | fonction | part des échantillons |',
    '|---|---|---|---|',
    ...Array.from({ length: Math.max(summary.owners.length, summary.functions.length) }, (_, index) => {
      const owner = summary.owners[index];
      const fn = summary.functions[index];
      const cells = [owner ? `\`${owner[0]}\`` : '', owner ? percent(owner[1]) : '', fn ? `\`${fn[0]}\`` : ''];
      return `| ${cells.join(' | ')} | ${fn ? percent(fn[1]) : ''} |`;
    }),
  ].join('\n');
}
