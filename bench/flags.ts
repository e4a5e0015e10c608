// npm run bench [-- flags]: sizes, runs and parts of the benchmark.
export interface Flags {
  products: number;
  events: number;
  runs: number;
  growth: number[];
  growthRuns: number;
  baselineSwitches: number;
  baselineRuns: number;
  cannonSeconds: number;
  postgres: boolean;
  baseline: boolean;
  uploads: boolean;
  fresh: boolean;
  output: string | null;
}

const HELP = `npm run bench -- [options]
  --products N          produits de l'entreprise principale (300)
  --events N            événements par produit (3000)
  --runs N              exécutions par mesure, médiane retenue (3)
  --growth 30,100,...   tailles de la courbe de croissance (30,100,300,1000 ; "none" pour l'omettre)
  --growth-runs N       exécutions par taille de croissance (1)
  --baseline-switches N changements mesurés pour la référence naïve (5)
  --baseline-runs N     exécutions de la référence naïve (1 : elle est lente)
  --cannon-seconds N    durée de chaque mesure autocannon (10)
  --no-postgres         pas de mesure serveur sur PostgreSQL
  --no-baseline         pas de référence naïve
  --no-uploads          pas de mesure de la mémoire des envois de fichiers (bench/uploads.ts)
  --fresh               reconstruit les données synthétiques
  --output FILE         fichier de résultats (bench/results.md ; --quick : aucun)
  --quick               court : 100 x 1000, croissance 10,30,100, 1 exécution, autocannon 3 s`;

export function parseFlags(argv: string[]): Flags {
  const f: Flags = {
    products: 300,
    events: 3000,
    runs: 3,
    growth: [30, 100, 300, 1000],
    growthRuns: 1,
    baselineSwitches: 5,
    baselineRuns: 1,
    cannonSeconds: 10,
    postgres: true,
    baseline: true,
    uploads: true,
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
        growth: [10, 30, 100],
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
          : v
              .split(',')
              .map(Number)
              .filter((n) => n > 0);
    } else if (a === '--growth-runs') f.growthRuns = Math.max(1, int());
    else if (a === '--baseline-switches') f.baselineSwitches = int();
    else if (a === '--baseline-runs') f.baselineRuns = Math.max(1, int());
    else if (a === '--cannon-seconds') f.cannonSeconds = int();
    else if (a === '--no-postgres') f.postgres = false;
    else if (a === '--no-baseline') f.baseline = false;
    else if (a === '--no-uploads') f.uploads = false;
    else if (a === '--fresh') f.fresh = true;
    else if (a === '--output') f.output = next();
    else if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    } else throw new Error(`option inconnue : ${a}\n${HELP}`);
  }
  return f;
}
