import { create } from 'zustand';

/** Which layout dialogs are open; the navbar opens them, the layout renders them. */
interface LayoutUiState {
  isPasswordOpen: boolean;
  isProfileOpen: boolean;
  setPasswordOpen: (isOpen: boolean) => void;
  setProfileOpen: (isOpen: boolean) => void;
}

export const useLayoutUi = create<LayoutUiState>((set) => ({
  isPasswordOpen: false,
  isProfileOpen: false,
  setPasswordOpen: (isPasswordOpen) => set({ isPasswordOpen }),
  setProfileOpen: (isProfileOpen) => set({ isProfileOpen }),
}));
