import { describe, expect, it } from 'vitest';
import { createEventBus, RELAY_COALESCE_MS, type BusTransport, type EventBus } from './events';

/** A transport joining buses in one process, as Redis or LISTEN/NOTIFY joins processes: everyone hears everything. */
function network() {
  const members: Array<{ onMessage: (m: string) => void; onGap: () => void }> = [];
  const sent: string[] = [];
  const join = (bus: EventBus) => {
    const t: BusTransport = {
      publish: (m) => {
        sent.push(m);
        for (const x of members) x.onMessage(m);
      },
      subscribe: (onMessage, onGap) => void members.push({ onMessage, onGap }),
      close: async () => {},
    };
    bus.attach(t);
  };
  return { join, sent, gap: () => members.forEach((m) => m.onGap()) };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the event bus across processes', () => {
  it('hands an event to this process`s listeners and to the other processes` remote listeners only', async () => {
    const net = network();
    const a = createEventBus();
    const b = createEventBus();
    net.join(a);
    net.join(b);
    const heard: string[] = [];
    a.on('survey.changed', ({ surveyId }) => void heard.push(`a.on ${surveyId}`));
    a.onRemote('survey.changed', ({ surveyId }) => void heard.push(`a.remote ${surveyId}`));
    b.on('survey.changed', ({ surveyId }) => void heard.push(`b.on ${surveyId}`));
    b.onRemote('survey.changed', ({ surveyId }) => void heard.push(`b.remote ${surveyId}`));

    await a.emitAndWait('survey.changed', { surveyId: 7 });
    await sleep(0);
    // A job listening with `on` runs once, in the process that emitted; the other process only hears it remotely.
    expect(heard.sort()).toEqual(['a.on 7', 'b.remote 7']);
  });

  it('coalesces a burst per event and survey: the first at once, the last after the window', async () => {
    const net = network();
    const a = createEventBus();
    const b = createEventBus();
    net.join(a);
    net.join(b);
    const got: number[] = [];
    b.onRemote('survey.response.created', ({ responseId }) => void got.push(responseId));
    for (let i = 1; i <= 20; i++) a.emit('survey.response.created', { surveyId: 1, responseId: i, hasFreeText: false });
    a.emit('survey.response.created', { surveyId: 2, responseId: 100, hasFreeText: false });
    expect(got).toEqual([1, 100]);
    await sleep(RELAY_COALESCE_MS * 3);
    expect(got).toEqual([1, 100, 20]); // the burst's last always crosses
    expect(net.sent).toHaveLength(3);
  });

  it('never merges a burst of notifications for different users: each user set crosses, repeats for one merge', async () => {
    const net = network();
    const a = createEventBus();
    const b = createEventBus();
    net.join(a);
    net.join(b);
    const got: string[] = [];
    b.onRemote('notification.created', ({ userIds }) => void got.push(userIds.join(',')));
    for (let u = 1; u <= 5; u++) a.emit('notification.created', { userIds: [u] });
    for (let i = 0; i < 5; i++) a.emit('notification.created', { userIds: [9, 8] });
    a.emit('notification.created', { userIds: [8, 9] }); // the same users in another order: the same burst
    await sleep(RELAY_COALESCE_MS * 3);
    expect(got.slice(0, 6)).toEqual(['1', '2', '3', '4', '5', '9,8']);
    expect(got.slice(6)).toEqual(['8,9']);
    expect(new Set(got.flatMap((g) => g.split(',')))).toEqual(new Set(['1', '2', '3', '4', '5', '8', '9']));
  });

  it('tells remote listeners when the link was down', () => {
    const net = network();
    const a = createEventBus();
    net.join(a);
    let gaps = 0;
    a.onRemoteGap(() => void gaps++);
    net.gap();
    expect(gaps).toBe(1);
  });
});
