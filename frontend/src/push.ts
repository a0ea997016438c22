import { apiJson } from './api/client';

/**
 * "Push quando uma análise termina": while a tab is open it shows the notification itself
 * (Notification API, on the socket's status event); for when none is, the browser is subscribed to
 * Web Push (service worker /sw.js, VAPID key from the API) and the API pushes.
 */
export type PushOutcome = 'on' | 'denied' | 'unsupported' | 'failed';

export const pushSupported = () => typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

/** The VAPID key as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function subscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiJson<{ publicKey: string }>('/push/key');
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await apiJson('/push/subscriptions', { method: 'POST', body: JSON.stringify(subscription.toJSON()) });
}

/** Asks permission when needed (call it from a click) and subscribes this browser. */
export async function enablePush(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  try {
    await subscribeThisBrowser();
    return 'on';
  } catch {
    // Allowed, but the browser's push service could not be reached: the open tab still notifies.
    return 'failed';
  }
}

/** The preference turned off: this browser stops receiving pushes. */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiJson('/push/subscriptions', { method: 'DELETE', body: JSON.stringify({ endpoint: subscription.endpoint }) }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** At sign-in: keeps an already allowed browser subscribed (a rotated subscription is sent again); never prompts. */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const prefs = await apiJson<{ notifications: { pushAnalysis: boolean } }>('/profile');
  if (prefs.notifications.pushAnalysis) await subscribeThisBrowser();
}

/** The tab's own notification for an analysis that ended (one per analysis across tabs: same tag). */
export async function notifyAnalysisEnded(id: string, ok: boolean): Promise<void> {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const prefs = await apiJson<{ notifications: { pushAnalysis: boolean } }>('/profile');
  if (!prefs.notifications.pushAnalysis) return;
  const n = new Notification(ok ? 'Análise concluída' : 'Análise com erro', {
    body: ok ? 'Suas planilhas estão prontas para baixar.' : 'A análise não pôde ser concluída; os tokens foram estornados.',
    tag: `analysis-${id}`,
    icon: '/favicon.svg',
  });
  n.onclick = () => {
    window.focus();
    window.location.assign(`/history/${id}`);
  };
}
