// Spec 2 section 4: the four display labels, their styles, the status shown on load (never behind what the
// server and the link say: docs/decisions.md), and the status body.
import { describe, expect, it } from 'vitest';

import {
  displayStatus,
  furthestStatus,
  STATUS,
  statusOnLoad,
  statusStyle,
  statusUpdateSchema,
} from '#domain/proposition';

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

  it('shows on load the furthest of the server status and what the link says, never less', () => {
    const video = '/api/Video/watch/1';
    const link = (viewCount: number) => ({ viewCount });
    expect(statusOnLoad({ cheminVideo: null, statusName: 'Vidéo vue' })).toBe('Aucune vidéo');
    expect(statusOnLoad({ cheminVideo: video, statusName: null })).toBe('Vidéo non envoyée');
    // The server's furthest label stays (the customer page and the detail agree).
    expect(statusOnLoad({ cheminVideo: video, statusName: 'Vidéo vue' })).toBe('Vidéo vue');
    // A link means sent, a view through it means seen, whatever the server kept.
    expect(statusOnLoad({ cheminVideo: video, statusName: null, videoAccessToken: link(0) })).toBe('Vidéo envoyée');
    expect(statusOnLoad({ cheminVideo: video, statusName: 'Vidéo non envoyée', videoAccessToken: link(2) })).toBe(
      'Vidéo vue',
    );
    expect(statusOnLoad({ cheminVideo: video, statusName: 'Vidéo vue', videoAccessToken: link(0) })).toBe('Vidéo vue');
  });

  it('never goes backwards', () => {
    expect(furthestStatus('Vidéo vue', 'Vidéo envoyée')).toBe('Vidéo vue');
    expect(furthestStatus('Vidéo non envoyée', 'Vidéo envoyée')).toBe('Vidéo envoyée');
    expect(furthestStatus('Vidéo envoyée', 'Vidéo envoyée')).toBe('Vidéo envoyée');
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
