import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { faceFor, type MenuEntry } from './faces';
import { mockSession } from './mockSession';
import { MENU_LABELS, menuLabel } from './menuLabels';

const labels = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => [entry.label, ...labels(entry.children ?? [])]);

describe('the menu in the chosen language', () => {
  it("has every face's menu entry in the catalogue", () => {
    const faces = ['admin', 'operator', 'accountant', 'client', 'buyer', 'seller', 'guest'].map((role) => faceFor(mockSession(role).user));
    const missing = faces.flatMap((face) => labels(face.menu)).filter((label) => !(label in MENU_LABELS));
    expect(missing).toEqual([]);
  });

  it("shows an entry in the spec's English words while English is chosen", () => {
    expect(menuLabel(i18n, 'Raw Materials Status')).toBe('Raw Materials Status');
  });
});
