import {
  BarChart3,
  Bell,
  BookOpen,
  Building2,
  CalendarDays,
  Circle,
  ClipboardCheck,
  ClipboardList,
  DoorOpen,
  FileText,
  GraduationCap,
  History,
  House,
  Layers,
  LifeBuoy,
  ScrollText,
  Settings,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** The `icon` names used in APP_ROUTES, drawn with lucide icons. */
const ICONS: Record<string, LucideIcon> = {
  home: House,
  users: Users,
  graduation: GraduationCap,
  book: BookOpen,
  layers: Layers,
  clipboard: ClipboardList,
  file: FileText,
  building: Building2,
  calendar: CalendarDays,
  survey: ClipboardCheck,
  chart: BarChart3,
  history: History,
  help: LifeBuoy,
  settings: Settings,
  log: ScrollText,
  wallet: Wallet,
  door: DoorOpen,
  bell: Bell,
  user: UserRound,
};

export function navIcon(name: string): LucideIcon {
  return ICONS[name] ?? Circle;
}
