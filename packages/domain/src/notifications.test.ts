import { describe, expect, it } from 'vitest';
import {
  createNotification,
  InvalidNotificationError,
  isNotificationLink,
  NOTIFICATION_LOOK,
  notificationsReducer,
} from './notifications.js';

describe('createNotification', () => {
  it('accepts success and error', () => {
    expect(createNotification(1, 'Enregistré.', 'success')).toEqual({
      id: 1,
      message: 'Enregistré.',
      state: 'success',
    });
    expect(createNotification(2, 'Échec.', 'error').state).toBe('error');
  });

  it('refuses any other state', () => {
    for (const state of ['warning', 'info', '', undefined, 'SUCCESS']) {
      expect(() => createNotification(3, 'Message', state)).toThrow(InvalidNotificationError);
    }
  });

  it('refuses an empty message', () => {
    expect(() => createNotification(4, '  ', 'success')).toThrow(InvalidNotificationError);
  });
});

describe('NOTIFICATION_LOOK', () => {
  it('gives success a green check-circle and error a red cross-circle', () => {
    expect(NOTIFICATION_LOOK.success).toEqual({ color: 'green', icon: 'check-circle' });
    expect(NOTIFICATION_LOOK.error).toEqual({ color: 'red', icon: 'cross-circle' });
  });
});

describe('notificationsReducer', () => {
  const first = createNotification(1, 'Un', 'success');
  const second = createNotification(2, 'Deux', 'error');

  it('adds and deletes by id', () => {
    const list = notificationsReducer(notificationsReducer([], { type: 'add', notification: first }), {
      type: 'add',
      notification: second,
    });
    expect(list.map((item) => item.id)).toEqual([1, 2]);
    expect(notificationsReducer(list, { type: 'delete', id: 1 })).toEqual([second]);
    expect(notificationsReducer(list, { type: 'delete', id: 99 })).toEqual(list);
  });
});

describe('isNotificationLink', () => {
  it('accepts an internal path with a label, as a notice cookie may carry it', () => {
    expect(isNotificationLink({ to: '/cart', label: 'Voir le panier' })).toBe(true);
    expect(createNotification(5, 'Ajouté.', 'success', { to: '/cart', label: 'Voir le panier' }).link).toEqual({
      to: '/cart',
      label: 'Voir le panier',
    });
  });
  it('refuses another site, a scheme, an empty label or anything else', () => {
    for (const to of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
      expect(isNotificationLink({ to, label: 'Voir' })).toBe(false);
    }
    expect(isNotificationLink({ to: '/cart', label: ' ' })).toBe(false);
    expect(isNotificationLink(null)).toBe(false);
    expect(isNotificationLink('/cart')).toBe(false);
  });
});
