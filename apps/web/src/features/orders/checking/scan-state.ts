// The scan panel's state, pure: each scanned code ticks a line (core matchScan), a serial-numbered
// line asks for one serial per piece right after the piece, and the check is complete when every
// line has its quantity and no serial is awaited. The server checks everything again.
import { applyScan, checkComplete, matchScan, type CheckLineView, type ScanProgress, type SendForCheckInput } from '@openseller/core';

export interface ScanState {
  lines: CheckLineView[];
  progress: ScanProgress;
  serials: Record<number, string[]>;
  /** The line waiting for the serial number of the piece just scanned. */
  awaitingSerial: number | null;
}

export type ScanResult =
  | { kind: 'TICKED'; lineId: number }
  | { kind: 'SERIAL_NEEDED'; lineId: number }
  | { kind: 'NOT_IN_ORDER' | 'EXTRA'; code: string; skuCode: string | null }
  | { kind: 'SERIAL_TAKEN'; serial: string }
  | { kind: 'SERIAL_OK'; lineId: number };

export const startScan = (lines: CheckLineView[]): ScanState => ({ lines, progress: {}, serials: {}, awaitingSerial: null });

export function scanCode(state: ScanState, code: string): { state: ScanState; result: ScanResult } {
  const outcome = matchScan(state.lines, state.progress, code);
  if (!outcome.ok) return { state, result: { kind: outcome.reason, code: outcome.code, skuCode: outcome.skuCode } };
  const line = state.lines.find((l) => l.lineId === outcome.lineId)!;
  const next = { ...state, progress: applyScan(state.progress, line.lineId) };
  if (line.needsSerial) return { state: { ...next, awaitingSerial: line.lineId }, result: { kind: 'SERIAL_NEEDED', lineId: line.lineId } };
  return { state: next, result: { kind: 'TICKED', lineId: line.lineId } };
}

export function enterSerial(state: ScanState, serial: string): { state: ScanState; result: ScanResult } {
  const lineId = state.awaitingSerial;
  const value = serial.trim();
  if (lineId === null || !value) return { state, result: { kind: 'SERIAL_TAKEN', serial: value } };
  if (Object.values(state.serials).some((list) => list.includes(value))) return { state, result: { kind: 'SERIAL_TAKEN', serial: value } };
  return {
    state: { ...state, serials: { ...state.serials, [lineId]: [...(state.serials[lineId] ?? []), value] }, awaitingSerial: null },
    result: { kind: 'SERIAL_OK', lineId },
  };
}

export const isComplete = (state: ScanState) => state.awaitingSerial === null && checkComplete(state.lines, state.progress);

export function payloadOf(id: number, version: number, state: ScanState): SendForCheckInput {
  return {
    id,
    version,
    content: state.lines.filter((l) => (state.progress[l.lineId] ?? 0) > 0).map((l) => ({ lineId: l.lineId, qty: state.progress[l.lineId]! })),
    serialNumberDtoList: Object.entries(state.serials).flatMap(([lineId, list]) => list.map((serialNumber) => ({ lineId: Number(lineId), serialNumber }))),
  };
}
