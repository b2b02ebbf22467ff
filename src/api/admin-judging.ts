/** The judges' panel (/api/v1/judge) and the admin's results (/api/v1/admin/results, /judging/settings). */
import type { JudgeContest, JudgeQueue, ResultReview } from '../../domain/judge-panel.ts';
import type { JudgeCallError, JudgePoint, SubmitMarkOutput } from '../../machines/judge-marking.machine.ts';
import { errorCodeOf } from '../../domain/error-code.ts';
import { apiErrorOf, dataAs, errorMessageOf, http } from './http.ts';

/**
 * A failed call as the judge-marking machine reads it: the API's code (null: no answer) and its
 * message; `translated` gives the page's own words for codes it knows (e.g. NOT_SEALED).
 */
export function callErrorOf(
  error: unknown,
  fallback: string,
  translated: Partial<Record<string, string>> = {},
): JudgeCallError {
  const failure = apiErrorOf(error);
  const code = failure.status === null ? null : errorCodeOf(failure);
  return { code, message: (code !== null ? translated[code] : undefined) ?? errorMessageOf(error, fallback) };
}

export async function fetchJudgeQueue(): Promise<JudgeQueue> {
  return await dataAs('judgeQueue', (await http.get('/judge/contests')).data);
}

export async function fetchJudgeContest(contestId: string): Promise<JudgeContest> {
  return await dataAs('judgeContest', (await http.get(`/judge/contests/${encodeURIComponent(contestId)}`)).data);
}

export async function submitJudgeMark(contestId: string, point: JudgePoint): Promise<SubmitMarkOutput> {
  return await dataAs(
    'judgeMark',
    (await http.post(`/judge/contests/${encodeURIComponent(contestId)}/mark`, { x: point.x, y: point.y })).data,
  );
}

export async function fetchResults(): Promise<JudgeQueue> {
  return await dataAs('judgeQueue', (await http.get('/admin/results')).data);
}

export async function fetchResultReview(contestId: string): Promise<ResultReview> {
  return await dataAs('resultReview', (await http.get(`/admin/results/${encodeURIComponent(contestId)}`)).data);
}

export async function resetJudgeMark(contestId: string, judgeId: string): Promise<void> {
  await http.delete(`/admin/results/${encodeURIComponent(contestId)}/marks/${encodeURIComponent(judgeId)}`);
}

/** `publicAt`: when players see it and are told (the winner show, or now when the show has started). */
export async function publishResult(contestId: string): Promise<{ notices: number; publicAt: number }> {
  return await dataAs('published', (await http.post(`/admin/results/${encodeURIComponent(contestId)}/publish`)).data);
}

export async function fetchJudgesRequired(): Promise<number> {
  return (await dataAs('judgesRequired', (await http.get('/admin/judging/settings')).data)).judgesRequired;
}

export async function saveJudgesRequired(judgesRequired: number): Promise<number> {
  return (await dataAs('judgesRequired', (await http.put('/admin/judging/settings', { judgesRequired })).data))
    .judgesRequired;
}
