import { create } from 'zustand';
import { getStored, removeStored, setStored } from './storage';

export interface RecentVisit {
  name: string;
  title: string;
  fullPath: string;
  at: number;
}

const RECENT_KEY = 'sch-recent';
const MAX_RECENT = 8;
const RECENT_TTL_S = 30 * 24 * 60 * 60;

function readRecent(): RecentVisit[] {
  const saved = getStored<unknown>(RECENT_KEY);
  return Array.isArray(saved) ? (saved as RecentVisit[]).filter((v) => typeof v?.fullPath === 'string').slice(0, MAX_RECENT) : [];
}

interface RecentState {
  visits: RecentVisit[];
  recordVisit: (visit: RecentVisit) => void;
  clearVisits: () => void;
}

export const useRecentVisits = create<RecentState>((set, get) => ({
  visits: readRecent(),
  recordVisit: (visit) => {
    const visits = [visit, ...get().visits.filter((v) => v.name !== visit.name)].slice(0, MAX_RECENT);
    setStored(RECENT_KEY, visits, RECENT_TTL_S);
    set({ visits });
  },
  clearVisits: () => {
    removeStored(RECENT_KEY);
    set({ visits: [] });
  },
}));
