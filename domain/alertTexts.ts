// The dashboard's alert banner's words and how long an alert stays on it, without zod: the dashboard's first
// load imports this (domain/dashboardAlerts.ts holds the schemas the server checks with).

/** How long a raised alert stays on the banner if nobody reads it. */
export const ALERT_BANNER_DAYS = 7;

/** The kinds the banner knows, with their French title and what to do; another kind shows its own name. */
export const ALERT_BANNER_TEXT: Record<string, { title: string; advice: string }> = {
  alert_collection_stopped: {
    title: 'Collecte interrompue',
    advice: 'Aucune visite depuis 24 heures : vérifiez que la visionneuse est toujours en ligne sur votre site.',
  },
  alert_traffic_drop: {
    title: 'Chute de fréquentation',
    advice: 'Les visiteurs de la semaine sont passés sous la moitié de la moyenne des quatre semaines précédentes.',
  },
  alert_ar_failures: {
    title: 'Échecs AR',
    advice: 'La réalité augmentée échoue souvent sur une plateforme : vérifiez le modèle sur cet appareil.',
  },
};
