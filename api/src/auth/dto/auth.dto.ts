import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

export class RegisterDto {
  @ApiProperty({ example: 'Maria Souza' })
  @IsString()
  @IsNotEmpty({ message: 'Informe seu nome.' })
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 'maria@escritorio.com.br' })
  @IsEmail({}, { message: 'Informe um e-mail válido.' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: 6 })
  @IsString()
  @MinLength(6, { message: 'A senha deve ter pelo menos 6 caracteres.' })
  @MaxLength(200)
  password: string;
}

export class LoginDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Informe o e-mail.' })
  email: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Informe a senha.' })
  password: string;
}
