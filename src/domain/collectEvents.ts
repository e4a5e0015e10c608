// The viewer's event types and batch size, without zod: the public viewer's bundle imports this alone.
export const COLLECT_EVENT_TYPES = ['consultation', 'iframeInteraction', 'arTry', 'conversion'] as const;
export type CollectEventType = (typeof COLLECT_EVENT_TYPES)[number];
export const MAX_EVENTS_PER_BATCH = 50;
