-- The owner's appearance: accent colour, light/dark/system, type pairing and header style.
-- Existing profiles keep the look they had (brand pink, light, the default type, gradient).
-- The columns live on "Profile", so a change moves its "updatedAt" (the page version) at once.
ALTER TABLE "Profile"
	ADD COLUMN "accent" TEXT NOT NULL DEFAULT '#d6246e',
	ADD COLUMN "themeMode" TEXT NOT NULL DEFAULT 'light',
	ADD COLUMN "font" TEXT NOT NULL DEFAULT 'modern',
	ADD COLUMN "headerStyle" TEXT NOT NULL DEFAULT 'gradient',
	ADD CONSTRAINT "Profile_accent_check" CHECK ("accent" ~ '^#[0-9a-f]{6}$'),
	ADD CONSTRAINT "Profile_themeMode_check" CHECK ("themeMode" IN ('light', 'dark', 'system')),
	ADD CONSTRAINT "Profile_font_check" CHECK ("font" IN ('modern', 'classic', 'friendly')),
	ADD CONSTRAINT "Profile_headerStyle_check" CHECK ("headerStyle" IN ('gradient', 'solid', 'none'));
