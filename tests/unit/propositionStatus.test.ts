// Spec 2 section 4: the four display labels, their styles, the on-load override, and the status body.
import { describe, expect, it } from 'vitest';

import { displayStatus, STATUS, statusOnLoad, statusStyle, statusUpdateSchema } from '../../src/domain/proposition';

describe('proposition status', () => {
  it('has the four labels of the spec', () => {
    expect(STATUS).toEqual({
      none: 'Aucune vidéo',
      pending: 'Vidéo non envoyée',
      sent: 'Vidéo envoyée',
      viewed: 'Vidéo vue',
    });
  });

  it('styles each label: none, pending, sent, viewed', () => {
    expect(statusStyle('Aucune vidéo')).toBe('none');
    expect(statusStyle('Vidéo non envoyée')).toBe('pending');
    expect(statusStyle('Vidéo envoyée')).toBe('sent');
    expect(statusStyle('Vidéo vue')).toBe('viewed');
    expect(statusStyle('autre')).toBe('none');
  });

  it('overrides the status on load with the two labels, whatever the server says', () => {
    expect(statusOnLoad({ cheminVideo: null })).toBe('Aucune vidéo');
    expect(statusOnLoad({ cheminVideo: '/api/Video/watch/1' })).toBe('Vidéo non envoyée');
  });

  it('shows in lists the server label when known, else what the video implies', () => {
    expect(displayStatus({ cheminVideo: null, statusName: 'Vidéo vue' })).toBe('Aucune vidéo');
    expect(displayStatus({ cheminVideo: 'x', statusName: null })).toBe('Vidéo non envoyée');
    expect(displayStatus({ cheminVideo: 'x', statusName: 'Vidéo vue' })).toBe('Vidéo vue');
    expect(displayStatus({ cheminVideo: 'x', statusName: 'Signé' })).toBe('Vidéo non envoyée');
  });

  it('accepts only the four labels as an update', () => {
    expect(statusUpdateSchema.safeParse('Vidéo envoyée').success).toBe(true);
    expect(statusUpdateSchema.safeParse('Signé').success).toBe(false);
    expect(statusUpdateSchema.safeParse(3).success).toBe(false);
  });
});
