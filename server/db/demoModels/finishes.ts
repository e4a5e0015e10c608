// The demo models' materials: base colour and roughness (metals metallic), drawn per product.
import type { Finish } from './shapes';

export const WOODS: readonly Finish[] = [
  { name: 'Chêne', color: '#c49a6c', roughness: 0.7 },
  { name: 'Noyer', color: '#6b4a32', roughness: 0.65 },
  { name: 'Frêne', color: '#d8c3a0', roughness: 0.7 },
  { name: 'Hêtre', color: '#e0b98a', roughness: 0.7 },
  { name: 'Laqué blanc', color: '#f1efe9', roughness: 0.35 },
  { name: 'Laqué noir', color: '#27272a', roughness: 0.35 },
];

export const FABRICS: readonly Finish[] = [
  { name: 'Lin', color: '#d6cfc2', roughness: 0.95 },
  { name: 'Velours bleu', color: '#2f4f7f', roughness: 0.9 },
  { name: 'Velours vert', color: '#3f6b4f', roughness: 0.9 },
  { name: 'Bouclette', color: '#ece6da', roughness: 1 },
  { name: 'Cuir cognac', color: '#9a5b2e', roughness: 0.55 },
  { name: 'Tissu gris', color: '#8a8d91', roughness: 0.95 },
  { name: 'Terracotta', color: '#b4583a', roughness: 0.9 },
];

export const METALS: readonly Finish[] = [
  { name: 'Laiton brossé', color: '#c9a34e', roughness: 0.35, metallic: 1 },
  { name: 'Acier noir', color: '#2b2b2e', roughness: 0.45, metallic: 1 },
  { name: 'Chrome', color: '#d9dadc', roughness: 0.15, metallic: 1 },
];

export const SHADES: readonly Finish[] = [
  { name: 'Opaline', color: '#f7f5ef', roughness: 0.25 },
  { name: 'Lin écru', color: '#e8dfcc', roughness: 0.95 },
  { name: 'Céramique', color: '#7fa39b', roughness: 0.3 },
  { name: 'Rotin', color: '#c8a26a', roughness: 0.9 },
  { name: 'Verre ambré', color: '#d08a2c', roughness: 0.1 },
];

export const STONES: readonly Finish[] = [
  { name: 'Marbre blanc', color: '#ebe8e2', roughness: 0.2 },
  { name: 'Pierre grise', color: '#9c9a94', roughness: 0.8 },
];

export const BOOKS: readonly Finish[] = ['#7f1d1d', '#1e3a5f', '#e7e5e4', '#3f6212', '#a16207'].map((color, i) => ({
  name: `Livre ${i + 1}`,
  color,
  roughness: 0.8,
}));
