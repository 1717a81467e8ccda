import { badRequest } from './errors';

// Readers for untrusted JSON bodies that fail the way Mercado Pago does: a 400 naming the field.

export type Json = Record<string, unknown>;

export function asObject(value: unknown, field = 'body'): Json {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`${field} must be an object`, { code: 'invalid_parameter', description: field });
  }
  return value as Json;
}

export function optionalString(body: Json, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') {
    throw badRequest(`${field} must be a string`, { code: 'invalid_parameter', description: field });
  }
  return value;
}

export function requiredString(
  body: Json,
  field: string,
  code: string | number = 'required_parameter',
): string {
  const value = optionalString(body, field);
  if (value === null) throw badRequest(`${field} is required`, { code, description: `${field} is required` });
  return value;
}

export function optionalNumber(body: Json, field: string): number | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw badRequest(`${field} must be a number`, { code: 'invalid_parameter', description: field });
  }
  return number;
}

export function optionalBoolean(body: Json, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    throw badRequest(`${field} must be a boolean`, { code: 'invalid_parameter', description: field });
  }
  return value;
}

/** Mercado Pago amounts are positive pesos with at most two decimals. */
export function positiveAmount(value: number | null, field: string, code: string | number): number {
  if (value === null || value <= 0 || Math.round(value * 100) !== value * 100) {
    throw badRequest(`Invalid ${field}`, { code, description: `Invalid ${field}` });
  }
  return value;
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
