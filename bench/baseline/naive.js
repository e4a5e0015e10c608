// The naive baseline: what the original client did, on the main thread. On every selection change it
// fetches every product's events (one call each), keeps them as arrays of objects, reads each field
// under its several spellings, and counts unique users with a Set of session strings per category,
// per bucket and per country. No cache of its own. Served by the benchmark only (never part of the app).
(() => {
  const MONTHS = ['Jan', 'Fév', 'Mar', 'Avr', 'Mai', 'Juin', 'Juil', 'Août', 'Sep', 'Oct', 'Nov', 'Déc'];
  const DAYS = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'];
  const truthy = (v) => v === true || v === 1 || v === 'true' || v === '1';
  const session = (e) => e.userSessionId ?? e.userSessionID ?? e.sessionId ?? e.userId ?? e.userID ?? 'unknown';
  const country = (e) => e.country ?? e.Country ?? e.countryCode ?? e.CountryCode ?? 'Unknown';
  const arTry = (e) =>
    ['ar_Try', 'arTry', 'ar_try', 'ar', 'arUsage', 'ar_usage'].some((k) => truthy(e[k])) ||
    Object.keys(e).some((k) => k.toLowerCase().includes('ar') && truthy(e[k]));
  const metricOf = {
    consultation: (e) => truthy(e.consultation),
    engagement: (e) => truthy(e.iframeInteraction),
    ar_usage: arTry,
    conversion: (e) => truthy(e.conversion),
  };

  function range(s) {
    if (s.period === 'all_time') return [-Infinity, Infinity];
    if (s.period === 'year') return [Date.UTC(s.year, 0, 1), Date.UTC(s.year + 1, 0, 1)];
    if (s.period === 'month') return [Date.UTC(s.year, s.month - 1, 1), Date.UTC(s.year, s.month, 1)];
    const start = 1 + (s.week - 1) * 7;
    return [
      Date.UTC(s.year, s.month - 1, start),
      Math.min(Date.UTC(s.year, s.month - 1, start + 7), Date.UTC(s.year, s.month, 1)),
    ];
  }
  function bucket(s, d) {
    if (s.period === 'year') return MONTHS[d.getUTCMonth()];
    if (s.period === 'month') return `Sem ${Math.min(Math.floor((d.getUTCDate() - 1) / 7), 3) + 1}`;
    if (s.period === 'week') return DAYS[(d.getUTCDay() + 6) % 7];
    return String(d.getUTCFullYear());
  }

  async function fetchAll(productIds, token) {
    const headers = { Authorization: `Bearer ${token}` };
    const lists = await Promise.all(
      productIds.map((id) =>
        fetch(`/api/ProductStatistics/Product/${id}`, { headers })
          .then((r) => (r.ok ? r.json() : []))
          .then((d) => (Array.isArray(d) ? d : (d.$values ?? d.values ?? [])))
          .catch(() => []),
      ),
    );
    return lists.flat();
  }

  function compute(events, s) {
    const [from, to] = range(s);
    const inPeriod = events.filter((e) => {
      const t = e.timestamp ? new Date(e.timestamp).getTime() : NaN;
      return s.period === 'all_time' || (t >= from && t < to);
    });
    const unique = s.counting === 'unique_users';
    const sets = { all: new Set(), consultation: new Set(), iframe: new Set(), ar: new Set(), conversion: new Set() };
    let consultations = 0,
      iframes = 0,
      ars = 0,
      conversions = 0;
    const series = new Map();
    const geo = new Map();
    for (const e of inPeriod) {
      const sid = String(session(e));
      sets.all.add(sid);
      if (truthy(e.consultation)) {
        consultations++;
        sets.consultation.add(sid);
      }
      if (truthy(e.iframeInteraction)) {
        iframes++;
        sets.iframe.add(sid);
      }
      if (arTry(e)) {
        ars++;
        sets.ar.add(sid);
      }
      if (truthy(e.conversion)) {
        conversions++;
        sets.conversion.add(sid);
      }
      const c = String(country(e));
      if (unique) (geo.get(c) ?? geo.set(c, new Set()).get(c)).add(sid);
      else geo.set(c, (geo.get(c) ?? 0) + 1);
      if (e.timestamp && metricOf[s.metric](e)) {
        const b = bucket(s, new Date(e.timestamp));
        if (!series.has(b)) series.set(b, unique ? new Set() : []);
        const slot = series.get(b);
        if (unique) slot.add(sid);
        else slot.push(e);
      }
    }
    const stats = unique
      ? [
          sets.consultation.size,
          sets.iframe.size,
          sets.ar.size,
          Math.round((sets.conversion.size / (sets.all.size || 1)) * 100),
        ]
      : [consultations, iframes, ars, Math.round((conversions / (inPeriod.length || 1)) * 100)];
    const points = [...series.entries()].map(([k, v]) => [k, unique ? v.size : v.length]);
    const countries = [...geo.entries()].map(([k, v]) => [k, unique ? v.size : v]).sort((a, b) => b[1] - a[1]);
    return { stats, points, countries };
  }

  function draw(view) {
    document.querySelector('#figures').textContent = view.stats.join(' | ');
    document.querySelector('#series').textContent = view.points.map(([k, v]) => `${k} ${v}`).join(', ');
    document.querySelector('#geo').textContent = view.countries.map(([k, v]) => `${k} ${v}`).join(', ');
  }

  /** One selection change: every product fetched again, everything recomputed and drawn. */
  window.naiveDashboard = async (productIds, token, selection) => {
    const t0 = performance.now();
    const ids = selection.scope === 'all' ? productIds : [selection.scope];
    const events = await fetchAll(ids, token);
    draw(compute(events, selection));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    return { t0, drawn: performance.now(), events: events.length };
  };
})();
