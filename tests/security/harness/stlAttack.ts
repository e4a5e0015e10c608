// The 3D-file attack of docs/security-dos.md ("3D files"), shared by tests/security/modelConversion.test.ts
// and the benchmark (bench/modelAttack.ts): the crafted text STL that made three's parser quadratic, a large
// binary STL, a product upload over real HTTP, and the server process's memory read from /proc.
import fs from 'node:fs';

/** A facet, then "solid " 50 000 times and no "endsolid": 300 KB, 4–6 s of a blocked thread with three. */
export function craftedStl(): Buffer {
  const facet =
    'facet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 10 0 0\n  vertex 0 10 0\n endloop\nendfacet\n';
  return Buffer.from(`solid x\n${facet}${'solid '.repeat(50_000)}`);
}

/** A valid binary STL of about `bytes` bytes (80-byte header, count, 50-byte triangles). */
export function binaryStl(bytes: number): Buffer {
  const triangles = Math.max(1, Math.floor((bytes - 84) / 50));
  const b = Buffer.alloc(84 + triangles * 50);
  b.writeUInt32LE(triangles, 80);
  for (let i = 0; i < triangles; i++) {
    const at = 84 + i * 50 + 12;
    const z = i % 1000;
    [0, 0, z, 10, 0, z, 0, 10, z].forEach((v, k) => b.writeFloatLE(v, at + k * 4));
  }
  return b;
}

/** POST /api/Model/ModelWithGroup with `stl` as its 3D file; the status and the JSON answer. */
export async function uploadProduct(
  base: string,
  token: string,
  categoryId: number,
  stl: Buffer,
  name: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set('NomGroupeModel', name);
  form.set('IdCategorie', String(categoryId));
  form.set('Chemin_3d', new Blob([new Uint8Array(stl)]), 'modele.stl');
  const res = await fetch(`${base}/api/Model/ModelWithGroup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Resident memory (MB) of a process, its worker threads included (they share its address space). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Samples a process's RSS every 20 ms until stop(), which gives the peak. */
export function rssPeak(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}
