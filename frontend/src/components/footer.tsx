import { getPageConfig } from '@/lib/page-config';

export function Footer() {
  return (
    <footer className="footer">
      <p>{getPageConfig().product} 2025 ©</p>
    </footer>
  );
}
