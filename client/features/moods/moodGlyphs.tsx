import type { ReactNode } from 'react';
import type { MOODS } from '../../../shared/domain/catalogue/filterOptions';

export type MoodName = (typeof MOODS)[number]['name'];

const eye = (cx: number, cy = 10) => <circle cx={cx} cy={cy} r={1.1} fill="currentColor" stroke="none" />;
const face = <circle cx={12} cy={12} r={9} />;

/**
 * Each mood drawn in one 24-unit grid with the same round 1.5 stroke: a face for the feelings, a
 * symbol where SPEC's emoji is one (energetic, inspiring, soulful). Drawn for the shop, so a
 * system without a colour emoji font shows the same icons as any other.
 */
export const MOOD_GLYPHS: Record<MoodName, ReactNode> = {
  angry: (
    <>
      {face}
      <path d="M7 8l3.5 1.8M17 8l-3.5 1.8" />
      {eye(9, 11.5)}
      {eye(15, 11.5)}
      <path d="M8.5 17q3.5-2.8 7 0" />
    </>
  ),
  calm: (
    <>
      {face}
      <path d="M7.5 10.5q1.5 1.4 3 0M13.5 10.5q1.5 1.4 3 0" />
      <path d="M9 15q3 2 6 0" />
    </>
  ),
  crazy: (
    <>
      {face}
      <circle cx={8.8} cy={9.8} r={2} />
      {eye(8.8, 9.8)}
      {eye(15.5, 10.5)}
      <path d="M7.5 14q4.5 3.5 9 0" />
      <path d="M12.5 15.6v1.4a1.5 1.5 0 0 0 3 0v-2.3" />
    </>
  ),
  energetic: <path d="M13.5 2.5L5.5 13.5h5.5l-1 8 8.5-11.5H13z" />,
  exciting: (
    <>
      {face}
      <path d="M9 7.8v4M7 9.8h4M15 7.8v4M13 9.8h4" />
      <path d="M7.8 14h8.4a4.2 4.2 0 0 1-8.4 0z" />
    </>
  ),
  happy: (
    <>
      {face}
      {eye(9)}
      {eye(15)}
      <path d="M7.8 14q4.2 4 8.4 0" />
    </>
  ),
  inspiring: (
    <>
      <path d="M10 4c.7 4 2.6 5.9 6.5 6.5-3.9.7-5.8 2.6-6.5 6.5-.7-3.9-2.6-5.8-6.5-6.5C7.4 9.9 9.3 8 10 4z" />
      <path d="M18 14.5c.3 1.6 1 2.3 2.5 2.5-1.5.3-2.2 1-2.5 2.5-.3-1.5-1-2.2-2.5-2.5 1.5-.2 2.2-.9 2.5-2.5z" />
    </>
  ),
  lonely: (
    <>
      {face}
      <path d="M7.8 10.8h2.6M13.6 10.8h2.6" />
      <path d="M10 16.3q2-1.1 4 0" />
    </>
  ),
  neutral: (
    <>
      {face}
      {eye(9)}
      {eye(15)}
      <path d="M9 15.5h6" />
    </>
  ),
  quirky: (
    <>
      {face}
      {eye(9)}
      <path d="M13.6 10h3" />
      <path d="M8.5 14.5q3.5 2.8 7-1" />
    </>
  ),
  romantic: (
    <>
      {face}
      <path d="M9 11.6L7.3 9.9a1.05 1.05 0 0 1 1.7-1.2 1.05 1.05 0 0 1 1.7 1.2zM15 11.6l-1.7-1.7a1.05 1.05 0 0 1 1.7-1.2 1.05 1.05 0 0 1 1.7 1.2z" />
      <path d="M8.5 14.5q3.5 3 7 0" />
    </>
  ),
  sad: (
    <>
      {face}
      {eye(9)}
      {eye(15)}
      <path d="M8.5 17q3.5-2.8 7 0" />
      <path d="M15.8 12.3q-1 1.4 0 2.1 1 -.7 0-2.1z" />
    </>
  ),
  sexy: (
    <>
      {face}
      <path d="M7.5 10.5h3M13.5 10.5h3M7.8 10.5q1.2 1.4 2.4 0M13.8 10.5q1.2 1.4 2.4 0" />
      <path d="M13.5 7.6q1.6-1.1 3.2 0" />
      <path d="M10 15.5q3 1.3 5.5-1.2" />
    </>
  ),
  soulful: (
    <>
      <path d="M9 17.5V6l10-2v11.5" />
      <circle cx={6.8} cy={17.5} r={2.2} />
      <circle cx={16.8} cy={15.5} r={2.2} />
    </>
  ),
};
