// npm run bench [-- flags]: sizes, runs and parts of the benchmark.
export interface Flags {
  products: number;
  events: number;
  runs: number;
  /** Sizes of the growth curve; a size without its own event count takes `events`. */
  growth: Array<{ products: number; events?: number }>;
  growthRuns: number;
  baselineSwitches: number;
  baselineRuns: number;
  cannonSeconds: number;
  postgres: boolean;
  baseline: boolean;
  uploads: boolean;
  /** The 3D-file attack: crafted and heavy STL uploads beside a light call (bench/modelAttack.ts). */
  models: boolean;
  /** The sign-in flood (bench/loginFlood.ts). */
  flood: boolean;
  cannon: boolean;
  light: boolean;
  /** The attacks on POST /api/collect beside a light call (bench/collectFlood.ts). */
  collect: boolean;
  /** A cold load per size without the bench's instrumentation, on a restarted server (bench/cdpPipe.ts). */
  bare: boolean;
  fresh: boolean;
  output: string | null;
}

const HELP = `npm run bench -- [options]
  --products N          produits de l'entreprise principale (334 : 1 002 000 événements)
  --events N            événements par produit (3000)
  --runs N              exécutions par mesure, médiane retenue (3)
  --growth 30,100,...   tailles de la courbe de croissance (30,100,300,1000,10000x300 ; PxE : P produits de
                        E événements, sinon --events ; "none" pour l'omettre)
  --growth-runs N       exécutions par taille de croissance (1)
  --baseline-switches N changements mesurés pour la référence naïve (5)
  --baseline-runs N     exécutions de la référence naïve (1 : elle est lente)
  --cannon-seconds N    durée de chaque mesure autocannon (10)
  --no-postgres         pas de mesure serveur sur PostgreSQL
  --no-baseline         pas de référence naïve
  --no-uploads          pas de mesure de la mémoire des envois de fichiers (bench/uploads.ts)
  --no-models           pas d'attaque par modèles 3D (STL piégé, 6 STL de 20 Mo ; bench/modelAttack.ts)
  --no-flood            pas d'afflux de connexions (bench/loginFlood.ts)
  --no-cannon           pas de mesure autocannon du serveur
  --no-light            pas de mesure de l'appel léger pendant 20 chargements (bench/lightCall.ts)
  --no-collect          pas de mesure des attaques de la collecte (bench/collectFlood.ts)
  --no-bare             pas de chargement à froid sans instrumentation (Chromium conduit par son tube DevTools)
  --fresh               reconstruit les données synthétiques
  --output FILE         fichier de résultats (bench/results.md ; --quick : aucun)
  --quick               court : 100 x 1000, croissance 10,30,100, 1 exécution, autocannon 3 s`;

export function parseFlags(argv: string[]): Flags {
  const f: Flags = {
    products: 334,
    events: 3000,
    runs: 3,
    growth: [{ products: 30 }, { products: 100 }, { products: 1000 }, { products: 10000, events: 300 }],
    growthRuns: 1,
    baselineSwitches: 5,
    baselineRuns: 1,
    cannonSeconds: 10,
    postgres: true,
    baseline: true,
    uploads: true,
    models: true,
    flood: true,
    cannon: true,
    light: true,
    collect: true,
    bare: true,
    fresh: false,
    output: 'bench/results.md',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} : valeur manquante`);
      return v;
    };
    const int = () => {
      const n = Number(next());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${a} : entier attendu`);
      return n;
    };
    if (a === '--quick')
      Object.assign(f, {
        products: 100,
        events: 1000,
        runs: 1,
        growth: [{ products: 10 }, { products: 30 }, { products: 100 }],
        baselineSwitches: 3,
        cannonSeconds: 3,
        output: null,
      });
    else if (a === '--products') f.products = int();
    else if (a === '--events') f.events = int();
    else if (a === '--runs') f.runs = Math.max(1, int());
    else if (a === '--growth') {
      const v = next();
      f.growth =
        v === 'none'
          ? []
          : v.split(',').map((item) => {
              const m = /^(\d+)(?:x(\d+))?$/.exec(item.trim());
              if (!m || Number(m[1]) === 0) throw new Error(`--growth : « ${item} » n'est ni P ni PxE`);
              return m[2] ? { products: Number(m[1]), events: Number(m[2]) } : { products: Number(m[1]) };
            });
    } else if (a === '--growth-runs') f.growthRuns = Math.max(1, int());
    else if (a === '--baseline-switches') f.baselineSwitches = int();
    else if (a === '--baseline-runs') f.baselineRuns = Math.max(1, int());
    else if (a === '--cannon-seconds') f.cannonSeconds = int();
    else if (a === '--no-postgres') f.postgres = false;
    else if (a === '--no-baseline') f.baseline = false;
    else if (a === '--no-uploads') f.uploads = false;
    else if (a === '--no-models') f.models = false;
    else if (a === '--no-flood') f.flood = false;
    else if (a === '--no-cannon') f.cannon = false;
    else if (a === '--no-light') f.light = false;
    else if (a === '--no-collect') f.collect = false;
    else if (a === '--no-bare') f.bare = false;
    else if (a === '--fresh') f.fresh = true;
    else if (a === '--output') f.output = next();
    else if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    } else throw new Error(`option inconnue : ${a}\n${HELP}`);
  }
  return f;
}

/** `--name N` of a script's own command line (the profilers'), or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--name VALUE` of a script's own command line, or null. */
export function stringArg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? null) : null;
}
