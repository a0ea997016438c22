import type { AnalysisParams, AnalysisStatus, UserRole } from '@cda/shared';

export interface User {
  id: string;
  email: string;
  name: string;
  plan: string;
  role: UserRole;
  status: string;
  tokens: number;
  createdAt: string;
}

export interface Session {
  token: string;
  user: User;
}

export interface Analysis {
  id: string;
  status: AnalysisStatus;
  fileCount: number;
  processedFiles: number;
  certificateCount: number;
  params: AnalysisParams;
  error: string | null;
  workbooks: string[];
  createdAt: string;
  completedAt: string | null;
}
