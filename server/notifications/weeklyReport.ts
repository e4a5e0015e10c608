// The weekly report's mail (docs/notifications.md): the four dashboard cards of the week against the week
// before, the consultations per day (a chart, inline PNG), AR success by platform, the five most consulted
// products, the week's chart notes and a link to the dashboard on that week, as text and HTML.
import { changeLabel, changePercent, percent, rateChange } from '#domain/analytics/rules';
import { zoneLabel } from '#domain/analytics/zone';
import { formatNumber } from '#domain/format';
import { AR_PLATFORM_LABELS } from '#domain/visitSignals';

import { escapeHtml, footer, linkButton, mailHtml } from './mailFrame';
import type { ArPlatformWeek } from './weekAr';
import { CHART_HEIGHT, CHART_WIDTH, chartAlt, dayLabel } from './weekChart';
import { addDays, frenchDay } from './weekDates';
import type { DayCount } from './weekDays';
import type { TopProduct, WeekFigures } from './weekFigures';
import type { WeekNote } from './weekNotes';

export interface WeeklyReportInput {
  prenom: string;
  company: string;
  entrepriseId: number;
  timeZone: string;
  /** The week's Monday (YYYY-MM-DD, local). */
  weekStart: string;
  current: WeekFigures;
  previous: WeekFigures;
  top: TopProduct[];
  /** The chart's notes dated in the week (weekNotes.ts); none: the section is left out. */
  notes?: WeekNote[];
  /** The consultations per day (weekDays.ts), listed in the text and drawn by the image `chartCid`. */
  days?: DayCount[];
  /** The Content-ID of the chart's PNG attached to the mail; absent: no image (the text still lists the days). */
  chartCid?: string;
  /** AR by platform (weekAr.ts); absent: the section is left out, empty: "no launch this week". */
  ar?: ArPlatformWeek[];
  publicUrl: string;
  unsubscribeUrl: string;
}

export const reportSubject = (weekStart: string) =>
  `Votre rapport hebdomadaire Visio3D — semaine du ${frenchDay(weekStart)}`;

/** The dashboard on that week (its URL form, docs/dashboard.md "Controls"), compared with the week before. */
export const dashboardWeekUrl = (publicUrl: string, entrepriseId: number, weekStart: string) =>
  `${publicUrl}/dashboard?entreprise=${entrepriseId}&periode=custom&du=${weekStart}&au=${addDays(weekStart, 6)}&comparer=1`;

/** The four lines of the report: label, this week, the week before, the change (as the stat cards say them). */
export function reportLines(current: WeekFigures, previous: WeekFigures) {
  const count = (label: string, key: 'consultations' | 'interactions' | 'arTries') => ({
    label,
    value: formatNumber(current[key]),
    previous: formatNumber(previous[key]),
    change: changeLabel(changePercent(current[key], previous[key])),
  });
  const rate = (r: WeekFigures['conversion']) => `${formatNumber(percent(r.part, r.whole))}\u00a0%`;
  return [
    count('Nombre de consultation du modèle', 'consultations'),
    count('Interactions 3D', 'interactions'),
    count('Essais AR', 'arTries'),
    {
      label: 'Taux de conversion',
      value: rate(current.conversion),
      previous: rate(previous.conversion),
      change: changeLabel(rateChange(current.conversion, previous.conversion)),
    },
  ];
}

/** One line of "Succès AR par plateforme": the platform's label and its figures, formatted. */
export function arLines(ar: ArPlatformWeek[]) {
  return ar.map((a) => ({
    label: AR_PLATFORM_LABELS[a.platform],
    launches: formatNumber(a.launches),
    successes: formatNumber(a.successes),
    failures: formatNumber(a.failures),
    failureRate: `${formatNumber(percent(a.failures, a.launches))}\u00a0%`,
  }));
}

const NO_AR = 'Aucune visite n’a lancé la réalité augmentée cette semaine.';

export function weeklyReport(input: WeeklyReportInput) {
  const lastDay = addDays(input.weekStart, 6);
  const period = `du ${frenchDay(input.weekStart)} au ${frenchDay(lastDay)} (${zoneLabel(input.timeZone)})`;
  const lines = reportLines(input.current, input.previous);
  const link = dashboardWeekUrl(input.publicUrl, input.entrepriseId, input.weekStart);
  const subject = reportSubject(input.weekStart);
  const topText = input.top.length
    ? input.top.map((p, i) => `${i + 1}. ${p.name} : ${formatNumber(p.consultations)} consultation(s)`).join('\n')
    : 'Aucune consultation cette semaine.';
  const notes = input.notes ?? [];
  const noteLine = (n: WeekNote) => `${frenchDay(n.jour)} : ${n.texte}${n.product ? ` (${n.product})` : ''}`;
  const days = input.days ?? [];
  const ar = input.ar && arLines(input.ar);
  const arText = ar && [
    'Succès AR par plateforme (visites ayant lancé la réalité augmentée) :',
    ...(ar.length
      ? ar.map(
          (a) =>
            `- ${a.label} : ${a.launches} lancement(s), ${a.successes} réussite(s), ${a.failures} échec(s) (taux d'échec : ${a.failureRate})`,
        )
      : [NO_AR]),
    '',
  ];
  const text = [
    `Bonjour ${input.prenom},`,
    '',
    `Voici le rapport de ${input.company} pour la semaine ${period}, comparé à la semaine précédente (nombre total d'événements).`,
    '',
    ...lines.map((l) => `${l.label} : ${l.value} (semaine précédente : ${l.previous}, évolution : ${l.change})`),
    '',
    ...(days.length
      ? ['Consultations par jour :', ...days.map((d) => `- ${dayLabel(d.day)} : ${formatNumber(d.consultations)}`), '']
      : []),
    ...(arText ?? []),
    'Produits les plus consultés :',
    topText,
    '',
    ...(notes.length ? ['Notes de la semaine :', ...notes.map((n) => `- ${noteLine(n)}`), ''] : []),
    `Voir le tableau de bord sur cette semaine : ${link}`,
    '',
    `Ne plus recevoir ce rapport : ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
  const cell = 'padding:6px 8px;border-bottom:1px solid #e4e7eb;text-align:left';
  const rows = lines
    .map(
      (l) =>
        `<tr><th scope="row" style="${cell}">${escapeHtml(l.label)}</th><td style="${cell}">${escapeHtml(l.value)}</td><td style="${cell}">${escapeHtml(l.previous)}</td><td style="${cell}">${escapeHtml(l.change)}</td></tr>`,
    )
    .join('\n');
  const topHtml = input.top.length
    ? `<ol>${input.top.map((p) => `<li>${escapeHtml(p.name)} : ${escapeHtml(formatNumber(p.consultations))} consultation(s)</li>`).join('')}</ol>`
    : '<p>Aucune consultation cette semaine.</p>';
  const chartHtml =
    days.length && input.chartCid
      ? `<h2 style="font-size:16px;color:#1e3a5f">Consultations par jour</h2>
<p><img src="cid:${escapeHtml(input.chartCid)}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" alt="${escapeHtml(chartAlt(days))}" style="display:block;max-width:100%;height:auto;border:0"></p>`
      : '';
  const arHtml = !ar
    ? ''
    : `<h2 style="font-size:16px;color:#1e3a5f">Succès AR par plateforme</h2>
${
  ar.length
    ? `<table style="border-collapse:collapse;width:100%">
<caption style="text-align:left;color:#52606d;font-size:13px">Visites ayant lancé la réalité augmentée cette semaine</caption>
<thead><tr><th scope="col" style="${cell}">Plateforme</th><th scope="col" style="${cell}">Lancements</th><th scope="col" style="${cell}">Réussites</th><th scope="col" style="${cell}">Échecs</th><th scope="col" style="${cell}">Taux d'échec</th></tr></thead>
<tbody>
${ar.map((a) => `<tr><th scope="row" style="${cell}">${escapeHtml(a.label)}</th><td style="${cell}">${escapeHtml(a.launches)}</td><td style="${cell}">${escapeHtml(a.successes)}</td><td style="${cell}">${escapeHtml(a.failures)}</td><td style="${cell}">${escapeHtml(a.failureRate)}</td></tr>`).join('\n')}
</tbody>
</table>`
    : `<p>${escapeHtml(NO_AR)}</p>`
}`;
  const html = mailHtml(
    escapeHtml(subject),
    `<h1 style="font-size:20px;color:#1e3a5f">Rapport hebdomadaire — ${escapeHtml(input.company)}</h1>
<p>Bonjour ${escapeHtml(input.prenom)},</p>
<p>Voici le rapport de la semaine ${escapeHtml(period)}, comparé à la semaine précédente (nombre total d'événements).</p>
<table style="border-collapse:collapse;width:100%">
<thead><tr><th scope="col" style="${cell}">Indicateur</th><th scope="col" style="${cell}">Cette semaine</th><th scope="col" style="${cell}">Semaine précédente</th><th scope="col" style="${cell}">Évolution</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${chartHtml}
${arHtml}
<h2 style="font-size:16px;color:#1e3a5f">Produits les plus consultés</h2>
${topHtml}
${notes.length ? `<h2 style="font-size:16px;color:#1e3a5f">Notes de la semaine</h2>\n<ul>${notes.map((n) => `<li>${escapeHtml(noteLine(n))}</li>`).join('')}</ul>` : ''}
${linkButton(escapeHtml(link), 'Voir le tableau de bord')}
${footer(escapeHtml(input.unsubscribeUrl), 'ce rapport')}`,
  );
  return { subject, text, html };
}
