// The sandbox's suggested radius: the circle that holds about TARGET_REACH people at the
// population density around the point.
//
//   P   = population of the GeoNames places (cities500, sections of places left out so districts
//         are not counted twice) within DENSITY_RADIUS_KM of the point
//   D   = P / (π · DENSITY_RADIUS_KM²)                      people per km²
//   r   = √(TARGET_REACH / (π · D))                          km
//   km  = clamp(round(r), 17, 80);  mile = clamp(round(r / 1.60934), 10, 50)   (spec 2 §5 Radius)
//
// A dense city (Berlin, D ≈ 2,000/km²) gets the 17 km minimum; a rural point gets a wide circle;
// a point with no place around it gets the maximum.
import type { DistanceUnit, RadiusSuggestion } from '../types';
import { type GeoIndex, type Place, cellOf } from './geo-index';

export const DENSITY_RADIUS_KM = 25;
export const TARGET_REACH = 200_000;
export const KM_PER_MILE = 1.60934;
export const LIMITS: Record<DistanceUnit, [number, number]> = { kilometer: [17, 80], mile: [10, 50] };

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Places within `radiusKm` (at most one 0.5° cell, ~55 km) of a point. */
export function placesNear(index: GeoIndex, lat: number, lon: number, radiusKm: number): Place[] {
  // 25 km is under one 0.5° cell in latitude and, north of 30°, in longitude: the 3×3 cells around suffice.
  const [cy, cx] = cellOf(lat, lon).split(':').map(Number) as [number, number];
  const near: Place[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++)
      for (const p of index.grid.get(`${cy + dy}:${cx + dx}`) ?? []) if (distanceKm(lat, lon, p.latitude, p.longitude) <= radiusKm) near.push(p);
  return near;
}

export function populationAround(index: GeoIndex, lat: number, lon: number, radiusKm = DENSITY_RADIUS_KM): number {
  // Sections of places (PPLX) are left out: their people are already counted in their city.
  return placesNear(index, lat, lon, radiusKm).reduce((sum, p) => (p.featureCode === 'PPLX' ? sum : sum + p.population), 0);
}

export function suggestRadius(index: GeoIndex, lat: number, lon: number, unit: DistanceUnit): RadiusSuggestion {
  const people = populationAround(index, lat, lon);
  const [min, max] = LIMITS[unit];
  if (people <= 0) return { radius: max, unit };
  const density = people / (Math.PI * DENSITY_RADIUS_KM ** 2);
  const km = Math.sqrt(TARGET_REACH / (Math.PI * density));
  const value = unit === 'kilometer' ? km : km / KM_PER_MILE;
  return { radius: Math.min(max, Math.max(min, Math.round(value))), unit };
}

