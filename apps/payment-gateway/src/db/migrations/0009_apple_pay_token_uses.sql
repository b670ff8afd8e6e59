CREATE TABLE "apple_pay_token_uses" (
	"merchant_account" text NOT NULL,
	"transaction_id" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "apple_pay_token_uses_merchant_account_transaction_id_pk" PRIMARY KEY("merchant_account","transaction_id")
);
