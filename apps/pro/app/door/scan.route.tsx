import { listDoorScopes } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import type { DoorScope } from '@guichet/domain/door';
import { buttonClass } from '@guichet/ui/button';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { data } from 'react-router';
import { proApiFor } from '../lib/server/api.server';
import { requireProMe } from '../lib/server/pro-me.server';
import type { Route } from './+types/scan.route';
import { type Camera, type CameraFailure, startCamera } from './camera';
import { frameDecoder } from './decoder';
import { doorScopeParams } from './door-api.server';
import type { DoorSession, DoorState } from './door-session';
import { signal } from './feedback';
import { keepPageOffline } from './offline';
import {
  DOOR_PATH_KINDS,
  doorListPath,
  isDoorPathKind,
  ONLINE_SCAN_TIMEOUT_MS,
  SYNC_REQUEST_TIMEOUT_MS,
  scanPagePath,
  scopeKey,
} from './paths';
import { DEFAULT_GATE, DoorStore } from './store';
import { VerdictScreen } from './verdict-screen';
import type { CodeCheck } from './verify';

/** The installable app's manifest, on the door's pages only. */
export const links: Route.LinksFunction = () => [{ rel: 'manifest', href: '/manifest.webmanifest' }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Contrôle${loaderData?.title ? ` — ${loaderData.title}` : ''} | Guichet Pro` },
];

/** The scope this page controls, named by its French path. */
function scopeOf(params: { scopeKind?: string; scopeId?: string }): DoorScope | null {
  if (!isDoorPathKind(params.scopeKind)) return null;
  const id = Number(params.scopeId);
  return Number.isSafeInteger(id) && id > 0 ? { kind: DOOR_PATH_KINDS[params.scopeKind].kind, id } : null;
}

/**
 * The organiser (the person must work for it) and the scope's title; the tickets come to the phone apart, by
 * `…/paquet`, and stay there. A scope of another organiser is the API's 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireProMe(request, context);
  const apiParams = doorScopeParams(params);
  const organizer = me.organizers.find((candidate) => candidate.id === apiParams.organizerId);
  if (!organizer) throw data(null, { status: 404 });
  const { scopes } = await proApiFor(request, context).loadData(listDoorScopes, {
    params: { organizerId: organizer.id },
  });
  const kind = DOOR_PATH_KINDS[params.scopeKind as keyof typeof DOOR_PATH_KINDS].kind;
  const summary = scopes.find((scope) => scope.kind === kind && scope.id === apiParams.scopeId);
  if (!summary) throw data(null, { status: 404 });
  return { organizerId: organizer.id, title: summary.title, offline: false };
}

/**
 * Offline (the server cannot be reached: a reload in a basement), the page still opens with the scope as
 * this phone last stored it. A refusal of the server (not found, the login page) stays one.
 */
export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const scope = scopeOf(params);
    const store = await DoorStore.open();
    const stored = scope ? await store.pack(scopeKey(scope)) : null;
    store.close();
    if (!stored) {
      throw data('Hors ligne, et ce contrôle n’a pas encore été ouvert sur ce téléphone.', { status: 503 });
    }
    return { organizerId: stored.meta.organizerId, title: stored.meta.summary.title, offline: true };
  }
}

const CAMERA_MESSAGES: Record<CameraFailure, string> = {
  unsupported: 'Ce navigateur ne donne pas accès à la caméra : saisissez les codes.',
  denied: 'L’accès à la caméra est refusé : autorisez-le dans les réglages du navigateur, ou saisissez les codes.',
  unavailable: 'La caméra ne répond pas : saisissez les codes.',
};

/** A code read again within 3 s of its verdict is the same ticket still in front of the camera. */
const SAME_CODE_QUIET_MS = 3000;

function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

const number = (value: number) => value.toLocaleString('fr-FR');

export default function ScanPage({ loaderData, params }: Route.ComponentProps) {
  const { organizerId, title } = loaderData;
  const scope = scopeOf(params) as DoorScope;
  const base = scanPagePath(organizerId, scope);
  const online = useOnline();
  const session = useRef<DoorSession | null>(null);
  const [state, setState] = useState<DoorState | null>(null);
  const [gate, setGate] = useState(DEFAULT_GATE);
  const [verdict, setVerdict] = useState<{ check: CodeCheck; seq: number } | null>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | CameraFailure>('starting');
  const [typed, setTyped] = useState('');
  const last = useRef<{ text: string; at: number } | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  const show = useCallback(
    async (text: string, fromCamera: boolean) => {
      const current = session.current;
      if (!current?.index) return;
      const now = Date.now();
      if (fromCamera && last.current?.text === text && now - last.current.at < SAME_CODE_QUIET_MS) return;
      last.current = { text, at: now };
      let check = await current.check(text);
      // A code the pack does not know (a ticket sold since it was downloaded): the API decides, when it can.
      if (check.verdict.verdict === 'UNKNOWN' && navigator.onLine)
        check = (await askServer(base, current, text)) ?? check;
      last.current = { text, at: Date.now() };
      signal(check.verdict.verdict === 'VALID');
      setVerdict((previous) => ({ check, seq: (previous?.seq ?? 0) + 1 }));
      if (navigator.onLine) void current.loop.kick();
    },
    [base],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope is the page (`base` names it); `show` reads the session through a ref.
  useEffect(() => {
    let closed = false;
    let cam: Camera | null = null;
    void (async () => {
      const { DoorSession } = await import('./door-session');
      const opened = await DoorSession.open({
        scope,
        organizerId,
        base,
        fetch: (url, init) =>
          fetch(url, {
            credentials: 'same-origin',
            ...init,
            signal: init?.signal ?? AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS),
          }),
        notify: (next) => {
          if (!closed) setState(next);
        },
      });
      if (closed) return opened.close();
      session.current = opened;
      setGate(opened.gate);
      await opened.publish();
      if (navigator.onLine) await opened.refreshPack();
      void opened.loop.kick();
      // The decoder's code loaded now (zxing where the browser has no BarcodeDetector), so that the worker
      // keeps it with the rest: the camera may well be allowed only later, offline.
      await frameDecoder().catch(() => null);
      void keepPageOffline();
      if (!video.current) return;
      const started = await startCamera(video.current, (text) => void show(text, true));
      if (closed) {
        if (typeof started !== 'string') started.stop();
        return;
      }
      if (typeof started === 'string') setCamera(started);
      else {
        cam = started;
        setCamera('on');
      }
    })();
    const kick = () => void session.current?.loop.kick();
    window.addEventListener('online', kick);
    return () => {
      closed = true;
      window.removeEventListener('online', kick);
      cam?.stop();
      session.current?.close();
      session.current = null;
    };
  }, [base]);

  const next = useCallback(() => {
    // « Suivant »: the same code may be read again at once (it will say « déjà scanné »).
    last.current = null;
    setVerdict(null);
  }, []);

  const onTyped = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!typed.trim()) return;
    void show(typed, false).then(() => setTyped(''));
  };

  const counters = state?.counters;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-4">
      <div>
        <h1 className="text-xl font-bold tracking-tight">{state?.title ?? title}</h1>
        <p className="text-sm">
          <a href={doorListPath(organizerId)}>Changer d’événement</a>
        </p>
      </div>
      {!online ? (
        <p className="rounded-lg border border-amber-700 bg-amber-50 px-3 py-2 font-medium text-amber-900">
          Hors ligne — les passages seront envoyés au retour du réseau
        </p>
      ) : null}
      {state?.failure === 'signedOut' ? (
        <p className="rounded-lg border border-red-700 bg-red-50 px-3 py-2 font-medium text-red-900">
          Reconnectez-vous :{' '}
          <a href={`${PRO_PATHS.login}?retour=${encodeURIComponent(base)}`}>ouvrir la page de connexion</a>. Les
          passages restent sur ce téléphone en attendant.
        </p>
      ) : null}
      <p aria-live="polite" className="text-base font-semibold text-slate-900">
        {counters
          ? `Entrés ${number(counters.admitted)} / ${number(counters.total)} · en attente d’envoi ${number(counters.pending)} · conflits ${number(counters.conflicts)}`
          : 'Chargement du contrôle…'}
      </p>
      {state && !state.ready ? (
        <p className="text-slate-800">
          La liste des billets n’est pas encore sur ce téléphone : connectez-vous au réseau pour la télécharger.
        </p>
      ) : null}
      <div className="overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={video}
          className="aspect-[4/3] w-full object-cover"
          aria-label="Image de la caméra"
          muted
          playsInline
        />
      </div>
      {camera !== 'on' && camera !== 'starting' ? <p className="text-slate-800">{CAMERA_MESSAGES[camera]}</p> : null}
      <form onSubmit={onTyped} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow">
          <label htmlFor="code-saisi" className="block font-semibold">
            Saisir un code
          </label>
          <input
            id="code-saisi"
            name="code"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={200}
            className="field-input"
          />
        </div>
        <button type="submit" className={buttonClass()} disabled={!state?.ready}>
          Vérifier
        </button>
      </form>
      <div>
        <label htmlFor="porte" className="block font-semibold">
          Porte
        </label>
        <input
          id="porte"
          value={gate}
          maxLength={40}
          onChange={(event) => {
            // Kept at once: the next code read, by the camera too, is this gate's.
            setGate(event.target.value);
            void session.current?.setGate(event.target.value.trim() || DEFAULT_GATE);
          }}
          onBlur={() => setGate(gate.trim() || DEFAULT_GATE)}
          className="field-input max-w-40"
        />
      </div>
      {verdict ? <VerdictScreen key={verdict.seq} check={verdict.check} onNext={next} /> : null}
    </div>
  );
}

/** The API's own verdict for a code, recorded there; null when it cannot be asked (it is then the pack's). */
async function askServer(base: string, session: DoorSession, code: string): Promise<CodeCheck | null> {
  try {
    const response = await fetch(`${base}/scan`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ code, nonce: crypto.randomUUID(), gate: session.gate, deviceId: session.deviceId }),
      signal: AbortSignal.timeout(ONLINE_SCAN_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as {
      verdict: CodeCheck['verdict']['verdict'];
      text: string;
      ticketId: number | null;
    };
    return {
      verdict: { verdict: answer.verdict } as CodeCheck['verdict'],
      text: answer.text,
      ticketId: answer.ticketId,
    };
  } catch {
    return null;
  }
}
