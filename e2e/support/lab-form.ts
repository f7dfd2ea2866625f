import type { LabDifficulty } from '@hackclass/contracts';
import type { Page } from 'playwright-core';

interface LabBasics {
  name: string;
  difficulty: LabDifficulty;
  category: string;
  /** Left at the form's default when not given. */
  points?: number;
}

/** Fills the lab form's name, difficulty, category and points, as a teacher would. */
export async function fillLabBasics(page: Page, { name, difficulty, category, points }: LabBasics) {
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Difficulty' }).click();
  await page.getByRole('option', { name: difficulty }).click();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category, exact: true }).click();
  if (points !== undefined) await page.getByLabel('Points').fill(String(points));
}
