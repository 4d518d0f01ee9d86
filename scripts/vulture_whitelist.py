"""Names vulture cannot see used: declarations Django, DRF and Channels read by name (serializer and
model fields, admin options, classes named in settings). Made with `vulture --make-whitelist`, reviewed:
nothing here is dead. Add a line only for a name a framework reads; delete dead code instead."""

# ruff: noqa
BANK_WITHDRAWAL  # variable, credit/models.py
BankAdminSite  # class, accounts/admin_site.py
BankAutoSchema  # class, bank/schema.py
BankJWTAuthentication  # class, accounts/authentication.py
BankJWTScheme  # class, accounts/schema.py
configure_structlog  # function, bank/logs.py (config/settings/base.py)
FirstRendererWhenNoneFits  # class, bank/negotiation.py
level_name  # function, bank/logs.py (config/settings/*.py, deploy/gunicorn.conf.py)
logging_config  # function, bank/logs.py (config/settings/*.py, deploy/gunicorn.conf.py)
SAVINGS_WITHDRAWAL  # variable, credit/models.py
_.closed_at  # attribute, lending/savings/services.py
_.created_savings  # attribute, exchange/services.py
_.decided_at  # attribute, exchange/services.py
_.decided_at  # attribute, lending/savings/services.py
abstract  # variable, bank/models.py (Django's Meta)
actions  # variable, accounts/admin.py
active_loans_count  # variable, operations/serializers.py
active_loans_count  # variable, lending/products/serializers.py
active_loans_value  # variable, operations/serializers.py
active_savings_count  # variable, operations/serializers.py
active_savings_count  # variable, lending/products/serializers.py
active_savings_value  # variable, operations/serializers.py
admin_timezone  # variable, lending/savings/serializers.py
answers_write_every_field  # function, bank/schema.py (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"])
approved_date  # variable, lending/loans/serializers.py
average_score  # variable, credit/serializers.py
bad_payer_loans  # variable, operations/serializers.py
bad_payer_loans_value  # variable, operations/serializers.py
bad_payer_savings  # variable, operations/serializers.py
bad_payer_savings_value  # variable, operations/serializers.py
basic  # variable, credit/serializers.py
blocked_accounts  # variable, operations/serializers.py
blocked_players  # variable, accounts/serializers.py
calculated_score  # variable, credit/serializers.py
calculated_scores  # variable, credit/serializers.py
can_delete  # variable, lending/admin.py
claim  # variable, bank/models.py
clients  # variable, lending/savings/serializers.py
closed_at  # variable, lending/savings/models.py
created_date  # variable, lending/loans/serializers.py
created_savings  # variable, exchange/models.py
credit_events_count  # variable, operations/serializers.py
current_balance  # variable, lending/savings/serializers.py
current_score  # variable, credit/serializers.py
current_weekly_earnings  # variable, lending/savings/serializers.py
days_ago  # variable, lending/tests/factories.py
decided_at  # variable, exchange/models.py
decided_at  # variable, exchange/serializers.py
decided_at  # variable, lending/savings/models.py
decided_at  # variable, lending/savings/serializers.py
denied_date  # variable, lending/loans/serializers.py
display_format  # variable, lending/savings/serializers.py
execution_notes  # variable, credit/serializers.py
final_amount  # variable, lending/savings/serializers.py
highest_score  # variable, credit/serializers.py
how_to_earn  # variable, credit/serializers.py
inlines  # variable, lending/admin.py
is_admin  # variable, accounts/serializers.py
kind_label  # variable, operations/apis.py
limited_access  # variable, credit/serializers.py
list_display  # variable, accounts/admin.py
list_display  # variable, bank/admin.py
list_display  # variable, credit/admin.py
list_display  # variable, exchange/admin.py
list_display  # variable, lending/admin.py
list_filter  # variable, accounts/admin.py
list_filter  # variable, bank/admin.py
list_filter  # variable, credit/admin.py
list_filter  # variable, exchange/admin.py
list_filter  # variable, lending/admin.py
list_select_related  # variable, accounts/admin.py
list_select_related  # variable, credit/admin.py
list_select_related  # variable, exchange/admin.py
list_select_related  # variable, lending/admin.py
loans_count  # variable, operations/serializers.py
loans_count  # variable, lending/products/serializers.py
loans_remaining  # variable, lending/products/serializers.py
loans_total_value  # variable, lending/products/serializers.py
max_days  # variable, lending/loans/serializers.py
max_rate  # variable, lending/loans/serializers.py
max_score  # variable, credit/serializers.py
max_timezone  # variable, lending/savings/serializers.py
migrated_count  # variable, credit/serializers.py
migration_data  # variable, credit/serializers.py
min_amount  # variable, lending/loans/serializers.py
min_days  # variable, lending/loans/serializers.py
min_timezone  # variable, lending/savings/serializers.py
missed_payments  # variable, lending/loans/serializers.py
model_admin  # variable, accounts/admin.py
new_clients  # variable, operations/serializers.py
new_clients_count  # variable, lending/savings/serializers.py
new_clients_total_value  # variable, lending/savings/serializers.py
next_payment_date  # variable, lending/savings/serializers.py
next_run_on  # variable, operations/serializers.py
not_paid_today  # variable, lending/loans/serializers.py
not_paid_weeks  # variable, lending/savings/serializers.py
notes_max_length  # variable, lending/loans/serializers.py
objs  # variable, bank/models.py
old_clients  # variable, operations/serializers.py
old_clients_count  # variable, lending/savings/serializers.py
old_clients_total_value  # variable, lending/savings/serializers.py
paid_off_loans  # variable, operations/serializers.py
paid_today  # variable, lending/loans/serializers.py
paid_weeks  # variable, lending/savings/serializers.py
parameter_name  # variable, accounts/admin.py
payment_status  # variable, lending/loans/serializers.py
payment_status  # variable, lending/savings/serializers.py
payments_count  # variable, lending/savings/serializers.py
payments_history  # variable, lending/loans/serializers.py
payments_history  # variable, lending/savings/serializers.py
payments_made  # variable, lending/loans/serializers.py
payoff_solo_gain  # variable, lending/loans/serializers.py
pearl_exchange_history  # variable, exchange/serializers.py
pearl_exchange_request  # variable, exchange/serializers.py
pearl_exchange_requests  # variable, operations/serializers.py
pearl_exchange_requests  # variable, exchange/serializers.py
pearl_exchange_requests_count  # variable, operations/serializers.py
pending_count  # variable, exchange/serializers.py
pending_count  # variable, lending/savings/serializers.py
pending_exchanges  # variable, operations/serializers.py
pending_loan  # variable, lending/loans/serializers.py
pending_loans  # variable, operations/serializers.py
pending_loans  # variable, lending/loans/serializers.py
pending_loans  # variable, lending/products/serializers.py
pending_loans_count  # variable, operations/serializers.py
pending_withdrawals  # variable, operations/serializers.py
percent_of_limit  # variable, lending/savings/serializers.py
period_over  # variable, lending/loans/serializers.py
player_discord  # variable, credit/serializers.py
player_discord  # variable, exchange/serializers.py
player_discord  # variable, lending/loans/serializers.py
player_discord  # variable, lending/savings/serializers.py
players_count  # variable, operations/serializers.py
progress_percent  # variable, credit/serializers.py
projections  # variable, lending/savings/serializers.py
rate_table  # variable, lending/loans/serializers.py
raw_id_fields  # variable, accounts/admin.py
readonly_fields  # variable, accounts/admin.py
readonly_fields  # variable, lending/admin.py
request_date  # variable, exchange/serializers.py
request_date  # variable, lending/loans/serializers.py
request_date  # variable, lending/savings/serializers.py
required_score  # variable, credit/serializers.py
savings_breakdown  # variable, lending/savings/serializers.py
savings_count  # variable, operations/serializers.py
savings_count  # variable, lending/products/serializers.py
savings_count  # variable, lending/savings/serializers.py
savings_payments_received  # variable, lending/products/serializers.py
savings_total_earnings  # variable, lending/products/serializers.py
savings_total_value  # variable, lending/products/serializers.py
savings_weekly_earnings  # variable, lending/products/serializers.py
score_breakdown  # variable, credit/serializers.py
score_color  # variable, credit/serializers.py
search_fields  # variable, accounts/admin.py
search_fields  # variable, bank/admin.py
search_fields  # variable, credit/admin.py
search_fields  # variable, exchange/admin.py
search_fields  # variable, lending/admin.py
select_all  # variable, credit/serializers.py
solo_access_players  # variable, operations/serializers.py
solo_dividends  # variable, operations/serializers.py
solo_dividends  # variable, lending/products/serializers.py
start_date_max  # variable, lending/loans/serializers.py
start_date_min  # variable, lending/loans/serializers.py
start_today  # variable, lending/loans/serializers.py
status_text  # variable, lending/loans/serializers.py
status_text  # variable, lending/savings/serializers.py
timestamp  # variable, credit/models.py
timezone_settings  # variable, lending/savings/serializers.py
token_type  # variable, accounts/serializers.py
total_available  # variable, lending/savings/serializers.py
total_compounded  # variable, lending/savings/serializers.py
total_earnings  # variable, lending/savings/serializers.py
total_invested  # variable, operations/serializers.py
total_lent  # variable, operations/serializers.py
total_loan_value  # variable, operations/serializers.py
total_loans  # variable, operations/serializers.py
total_outstanding  # variable, operations/serializers.py
total_paid_out  # variable, lending/savings/serializers.py
total_players  # variable, operations/serializers.py
total_players  # variable, credit/serializers.py
total_savings_value  # variable, operations/serializers.py
total_savings_value  # variable, lending/savings/serializers.py
total_value  # variable, lending/loans/serializers.py
total_value  # variable, lending/savings/serializers.py
updated_at  # variable, accounts/models.py
updated_at  # variable, lending/loans/models.py
updated_count  # variable, lending/savings/serializers.py
valid  # variable, accounts/serializers.py
weekly_chart  # variable, lending/savings/serializers.py
weekly_payment  # variable, lending/savings/serializers.py
weekly_rate  # variable, lending/savings/serializers.py
withdrawal_date_max  # variable, lending/savings/serializers.py
withdrawal_date_min  # variable, lending/savings/serializers.py
withdrawal_history  # variable, lending/savings/serializers.py
withdrawal_request  # variable, lending/savings/serializers.py
withdrawal_requests  # variable, operations/serializers.py
withdrawal_requests  # variable, lending/savings/serializers.py
withdrawal_requests_count  # variable, operations/serializers.py
OfficerRole  # class, bank/permissions.py (DEFAULT_PERMISSION_CLASSES)
fieldsets  # variable, accounts/admin.py
last_login  # variable, accounts/serializers.py
change_password_form  # variable, accounts/admin.py (UserAdmin's password page)
clean_password1  # method, accounts/admin.py (Django forms call clean_<field>)
opening_rate  # variable, lending/savings/models.py (read by name in operations/book_rules.py, the rate timeline)
written_off_at  # variable, lending/loans/models.py (the record of a write-off: who and when, beside the audit)
written_off_by  # variable, lending/loans/models.py
sole_treasurer_delay_hours  # variable, operations/apis.py (BankSettingsOut)
proposed_by  # variable, bank/models.py and bank/decisions.py (ProposalOut reads proposed_by_name)
proposed_by_name  # variable, bank/models.py (ProposalOut's source)
decided_by_name  # variable, bank/models.py (ProposalOut's source)
previous_sign_in_at  # variable, accounts/models.py (read by accounts.selectors.sign_in_failures_of)
failed_sign_ins  # variable, accounts/serializers.py
locked_addresses  # variable, accounts/serializers.py (OfficerOut, annotated by accounts.officers.officer_list)
cancelled_at  # variable, exchange/models.py, lending/*/models.py (when the player cancelled a request: kept with it for the record)
for_me  # variable, operations/apis.py (WaitingOut)
waiting_for_second  # variable, operations/apis.py (WaitingOut)
for_me_count  # variable, operations/apis.py (WaitingOut)
waiting_for_second_count  # variable, operations/apis.py (WaitingOut)
reason_label  # variable, operations/apis.py (LedgerEntryOut: filled by operations/ledger_view.py)
date_from  # variable, operations/apis.py (AuditFiltersIn: read by audit_filters)
date_to  # variable, operations/apis.py (AuditFiltersIn: read by audit_filters)
last_at  # variable, operations/serializers.py (BackupStatusOut)
last_file  # variable, operations/serializers.py (BackupStatusOut)
last_size  # variable, operations/serializers.py (BackupStatusOut)
last_state  # variable, operations/serializers.py (BackupStatusOut)
last_detail  # variable, operations/serializers.py (BackupStatusOut)
otp_token  # variable, accounts/admin_site.py (BankAdminLoginForm's code field, read by its template)
otp_device  # attribute, accounts/admin_site.py (django-otp keeps it in the session at Django's login)
login_template  # variable, accounts/admin_site.py (BankAdminSite: Django's admin reads it)
required  # variable, accounts/serializers.py (FactorsOut)
factors_removed  # variable, accounts/serializers.py (FactorsResetOut)
portfolio_at_risk  # variable, operations/serializers.py (ArrearsBookOut, BankHealthOut: filled by lending.loans.arrears, operations.bank_health)
arrears_days  # variable, operations/serializers.py (ArrearsRowOut: annotated by lending.loans.arrears)
from_day  # variable, operations/serializers.py (BankHealthOut: filled by operations.bank_health.health)
to_day  # variable, operations/serializers.py (BankHealthOut)
savings_held  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
solo_dividends_held  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
open_loans  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
loans_principal_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
loans_interest_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
savers_interest  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
loan_interest_collected  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
solo_dividends_added  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
deposits  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
pearl_bread_in  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
pearl_bread_out  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
players_all  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
players_with_product  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
players_new  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_loans  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_amount  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_1_3_count  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_1_3_amount  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_1_3_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_4_7_count  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_4_7_amount  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_4_7_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_8_30_count  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_8_30_amount  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_8_30_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_over_30_count  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_over_30_amount  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
arrears_over_30_outstanding  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
computed_at  # variable, operations/models.py (DailyFigures: written by operations.bank_health.figures_write from day_figures)
DAYS_1_3  # variable, lending/loans/models.py (LoanArrearsBucket.Bucket: the choices' values)
DAYS_4_7  # variable, lending/loans/models.py (LoanArrearsBucket.Bucket)
DAYS_8_30  # variable, lending/loans/models.py (LoanArrearsBucket.Bucket)
OVER_30  # variable, lending/loans/models.py (LoanArrearsBucket.Bucket)
interest_outstanding  # variable, operations/serializers.py (ArrearsBookOut: filled by lending.loans.arrears.loan_book)
discord_linked  # property, accounts/models.py (PlayerOut's field reads it by name)
discord_linked  # variable, accounts/serializers.py (PlayerOut)
received_at  # variable, guild_discord/models.py (Interaction: when Discord sent it)
sent_on  # variable, operations/models.py (ArrearsDigest: written by operations.bank_health.weekly_digest)
least_days  # variable, operations/serializers.py (ArrearsBucketOut: filled by lending.loans.arrears.shaped_book)
most_days  # variable, operations/serializers.py (ArrearsBucketOut: filled by lending.loans.arrears.shaped_book)
fresh_until  # variable, accounts/serializers.py (StepUpOut: filled from the step-up answer's dict, read by the screens)
