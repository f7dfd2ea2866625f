import { toCsv } from '@hackclass/contracts/csv';
import { useMutation } from '@tanstack/react-query';
import { csvFileName } from '@/lib/csv';
import { saveCsv } from '@/lib/save-file';
import { leaderboardRows, rosterRows, submissionRows } from '../utils/csv-rows';
import { getLeaderboard } from './get-leaderboard';
import { getRoster } from './get-roster';
import { getSubmissions } from './get-submissions';

export interface ExportTarget {
  classroomId: string;
  classroomName: string;
}

/** Downloads the whole leaderboard as it is now. */
export const useExportLeaderboard = () =>
  useMutation({
    mutationFn: async ({ classroomId, classroomName }: ExportTarget) => {
      const entries = await getLeaderboard(classroomId);
      saveCsv(
        toCsv(leaderboardRows(entries)),
        csvFileName(classroomName, 'leaderboard', new Date()),
      );
    },
    meta: { errorToast: 'Could not export the leaderboard. Please try again.' },
  });

export const useExportRoster = () =>
  useMutation({
    mutationFn: async ({ classroomId, classroomName }: ExportTarget) => {
      const members = await getRoster(classroomId);
      saveCsv(toCsv(rosterRows(members)), csvFileName(classroomName, 'roster', new Date()));
    },
    meta: { errorToast: 'Could not export the roster. Please try again.' },
  });

/** Every submission, with whose flag a suspected shared one was. */
export const useExportSubmissions = () =>
  useMutation({
    mutationFn: async ({ classroomId, classroomName }: ExportTarget) => {
      const submissions = await getSubmissions(classroomId);
      saveCsv(
        toCsv(submissionRows(submissions)),
        csvFileName(classroomName, 'submissions', new Date()),
      );
    },
    meta: { errorToast: 'Could not export the submissions. Please try again.' },
  });
