/** Opens the live account stream (EventSource in the browser); returns its close function. */
export type OpenAccountStream = (handlers: { onMessage: (data: unknown) => void; onError: () => void }) => () => void;
