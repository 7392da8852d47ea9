import { create } from 'zustand';

export type NotificationType = 'positive' | 'negative' | 'info' | 'warning';

export interface NotificationAction {
  label: string;
  onClick: () => void;
}

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
  action?: NotificationAction;
  /** Milliseconds before it hides itself; docs/product.md §8 uses 500 ms for add/delete, 3000 ms for the playlist reset. */
  timeout?: number;
}

interface NotificationState {
  items: Notification[];
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotifications = create<NotificationState>()((set) => ({
  items: [],
  dismiss: (id) => set((s) => ({ items: s.items.filter((n) => n.id !== id) })),
}));

/** Shows a notification (snackbar). Usable outside React. */
export function notify(n: Omit<Notification, 'id'>): number {
  const id = nextId++;
  useNotifications.setState((s) => ({ items: [...s.items, { ...n, id }] }));
  return id;
}
